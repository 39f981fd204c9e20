import { Button } from '@wallet/ui/button';
import { clsx } from 'clsx';
import { useContext, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { emptyValue } from './json-schema.ts';
import { inputClass, Labelled, SettingKeyContext, useLabel, type FieldProps } from './form-parts.tsx';
import { HtmlField } from './html-field.tsx';
import { NumberField } from './number-field.tsx';

export { SettingKeyContext, UnitsContext } from './form-parts.tsx';

/** Long texts are operator HTML: a multi-line editor with the player's rendered preview (agreements, conditions, notice…). */
const LONG_TEXT = new Set(['agreements', 'conditions', 'notice', 'contactText']);

/**
 * A form drawn from a setting's JSON Schema (zod 4 `toJSONSchema` of packages/contract/src/settings.ts): objects
 * become groups, arrays editable lists, enums selects, numbers number fields, booleans switches. The value is
 * checked with the zod schema itself before it is sent (and again on the server).
 */
export function SchemaField(props: FieldProps) {
  const { schema } = props;
  if (schema.enum) return <EnumField {...props} />;
  switch (schema.type) {
    case 'object':
      return <ObjectField {...props} />;
    case 'array':
      return <ArrayField {...props} />;
    case 'boolean':
      return <BooleanField {...props} />;
    case 'number':
    case 'integer':
      return <NumberField {...props} />;
    case 'string':
      return <TextField {...props} />;
    default:
      return <JsonField {...props} />;
  }
}

function ObjectField({ schema, value, onChange, name, path, errors }: FieldProps) {
  const label = useLabel(name);
  const object = (value && typeof value === 'object' ? value : {}) as Record<string, unknown>;
  const fields = Object.entries(schema.properties ?? {});
  const body = (
    <div
      className={clsx(
        'grid gap-4',
        fields.length > 1 && fields.every(([, s]) => s.type !== 'object' && s.type !== 'array') ? 'sm:grid-cols-2' : '',
      )}
    >
      {fields.map(([key, child]) => (
        <SchemaField
          key={key}
          name={key}
          path={path ? `${path}.${key}` : key}
          schema={child}
          value={object[key]}
          errors={errors}
          onChange={(next) => {
            const copy = { ...object };
            // an optional field left empty is left out (it then falls back, e.g. to the Thai text)
            if ((next === '' || next === undefined) && !schema.required?.includes(key)) delete copy[key];
            else copy[key] = next;
            onChange(copy);
          }}
        />
      ))}
    </div>
  );
  if (!name) return body;
  return (
    <fieldset className="rounded-2xl bg-bg/60 p-4 ring-1 ring-line">
      <legend className="px-1 text-sm font-semibold text-fg">{label}</legend>
      {body}
    </fieldset>
  );
}

function ArrayField({ schema, value, onChange, name, path, errors }: FieldProps) {
  const { t } = useTranslation('settings');
  const label = useLabel(name);
  const items = Array.isArray(value) ? value : [];
  const itemSchema = schema.items ?? {};
  const isText = itemSchema.type === 'string' && !itemSchema.enum;
  const settingKey = useContext(SettingKeyContext);
  const isLong = LONG_TEXT.has(name) || (path === '' && LONG_TEXT.has(settingKey));
  return (
    <fieldset className="flex flex-col gap-2 rounded-2xl bg-bg/60 p-4 ring-1 ring-line">
      <legend className="px-1 text-sm font-semibold text-fg">
        {label || t('items')} <span className="font-normal text-muted">({items.length})</span>
      </legend>
      {items.map((item, index) => (
        <div key={index} className="flex items-start gap-2">
          <span className="mt-3 w-6 shrink-0 text-right text-xs text-subtle tabular-nums">{index + 1}.</span>
          <div className="min-w-0 flex-1">
            {isText ? (
              <TextField
                schema={itemSchema}
                value={item}
                name=""
                path={`${path}.${index}`}
                errors={errors}
                multiline={isLong}
                onChange={(next) => onChange(items.map((old, i) => (i === index ? next : old)))}
              />
            ) : (
              <SchemaField
                schema={itemSchema}
                value={item}
                name=""
                path={`${path}.${index}`}
                errors={errors}
                onChange={(next) => onChange(items.map((old, i) => (i === index ? next : old)))}
              />
            )}
          </div>
          <Button
            type="button"
            size="sm"
            variant="ghost"
            aria-label={t('remove', { n: index + 1 })}
            onClick={() => onChange(items.filter((_, i) => i !== index))}
          >
            ✕
          </Button>
        </div>
      ))}
      <div>
        <Button
          type="button"
          size="sm"
          variant="secondary"
          onClick={() => onChange([...items, emptyValue(itemSchema)])}
        >
          {t('add')}
        </Button>
      </div>
    </fieldset>
  );
}

function EnumField({ schema, value, onChange, name, path, errors }: FieldProps) {
  const { t } = useTranslation('settings');
  const id = useId();
  const label = useLabel(name);
  return (
    <Labelled label={label} htmlFor={id}>
      <select
        id={id}
        data-path={path}
        className={inputClass}
        aria-invalid={errors.has(path)}
        value={String(value ?? '')}
        onChange={(e) => onChange(typeof schema.enum?.[0] === 'number' ? Number(e.target.value) : e.target.value)}
      >
        {schema.enum?.map((option) => (
          <option key={String(option)} value={String(option)}>
            {t(`options.${String(option)}`, { defaultValue: String(option) })}
          </option>
        ))}
      </select>
    </Labelled>
  );
}

function BooleanField({ value, onChange, name, path }: FieldProps) {
  const { t } = useTranslation('settings');
  const label = useLabel(name);
  const isOn = value === true;
  return (
    <label className="flex min-h-11 cursor-pointer items-center justify-between gap-4 rounded-xl bg-bg px-4 ring-1 ring-line">
      <span className="text-sm font-semibold text-fg">{label || t('enabled')}</span>
      <span className="flex items-center gap-2 text-sm text-muted">
        {isOn ? t('on') : t('off')}
        <input
          type="checkbox"
          role="switch"
          data-path={path}
          className="peer sr-only"
          checked={isOn}
          onChange={(e) => onChange(e.target.checked)}
        />
        <span
          aria-hidden
          className={clsx(
            'relative h-6 w-11 rounded-full transition-colors peer-focus-visible:outline-2 peer-focus-visible:outline-primary',
            isOn ? 'bg-success' : 'bg-line-strong',
          )}
        >
          <span
            className={clsx(
              'absolute top-0.5 size-5 rounded-full bg-white transition-all',
              isOn ? 'left-[22px]' : 'left-0.5',
            )}
          />
        </span>
      </span>
    </label>
  );
}

function TextField({ value, onChange, name, path, errors, schema, multiline }: FieldProps & { multiline?: boolean }) {
  const id = useId();
  const label = useLabel(name);
  const settingKey = useContext(SettingKeyContext);
  const long = multiline || LONG_TEXT.has(name) || (path === '' && LONG_TEXT.has(settingKey));
  if (long) {
    const text = typeof value === 'string' ? value : '';
    return <HtmlField label={label} path={path} value={text} isInvalid={errors.has(path)} onChange={onChange} />;
  }
  return (
    <Labelled label={label} htmlFor={id} hint={schema.pattern === '^([01]\\d|2[0-3]):[0-5]\\d$' ? 'HH:mm' : undefined}>
      <input
        id={id}
        data-path={path}
        className={inputClass}
        aria-invalid={errors.has(path)}
        value={typeof value === 'string' ? value : ''}
        onChange={(e) => onChange(e.target.value)}
      />
    </Labelled>
  );
}

/** A shape the form does not draw (none today): edit it as JSON. */
function JsonField({ value, onChange, name, path, errors }: FieldProps) {
  const id = useId();
  const label = useLabel(name);
  return (
    <Labelled label={label} htmlFor={id}>
      <textarea
        id={id}
        data-path={path}
        rows={6}
        className={clsx(inputClass, 'h-auto py-2 font-mono text-xs')}
        aria-invalid={errors.has(path)}
        defaultValue={JSON.stringify(value, null, 2)}
        onChange={(e) => {
          try {
            onChange(JSON.parse(e.target.value));
          } catch {
            // keep the last value that parsed; the check on save reports the rest
          }
        }}
      />
    </Labelled>
  );
}
