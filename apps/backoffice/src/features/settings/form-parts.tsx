import type { SettingUnit } from '@wallet/contract/admin/settings';
import { createContext, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { humanize, type JsonSchema } from './json-schema.ts';

/** The pieces every field of the settings form shares: its props, the input look, the label. */

export type FieldProps = {
  schema: JsonSchema;
  value: unknown;
  onChange: (value: unknown) => void;
  /** the field's name in its object ('' for the root) */
  name: string;
  /** the dotted path from the setting's root, for the error list and test ids */
  path: string;
  /** paths with an error (from the schema's own check) */
  errors: ReadonlySet<string>;
};

/** The units of the setting's numbers by path ('' = the value itself), from the server's setting descriptors. */
export const UnitsContext = createContext<Readonly<Record<string, SettingUnit>>>({});

/** The key of the setting being edited: a root-level value has no field name of its own. */
export const SettingKeyContext = createContext('');

export const inputClass =
  'h-11 w-full rounded-xl bg-bg px-3 text-sm text-fg ring-1 ring-line ring-inset focus:ring-2 focus:ring-primary focus:outline-none aria-invalid:ring-danger';

export function useLabel(name: string) {
  const { t } = useTranslation('settings');
  return name ? t(`fields.${name}`, { defaultValue: humanize(name) }) : '';
}

export function Labelled({
  label,
  htmlFor,
  children,
  hint,
}: {
  label: string;
  htmlFor: string;
  children: ReactNode;
  hint?: string;
}) {
  return (
    <div className="flex flex-col gap-1.5">
      {label && (
        <label htmlFor={htmlFor} className="text-sm font-semibold text-fg">
          {label}
        </label>
      )}
      {children}
      {hint && <p className="text-xs text-muted">{hint}</p>}
    </div>
  );
}
