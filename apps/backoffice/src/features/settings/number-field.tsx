import { clsx } from 'clsx';
import { useContext, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { inputClass, Labelled, UnitsContext, useLabel, type FieldProps } from './form-parts.tsx';

/** A number with its range and its unit (THB, minutes, %…) from the server's setting descriptors. */
export function NumberField({ schema, value, onChange, name, path, errors }: FieldProps) {
  const id = useId();
  const label = useLabel(name);
  const { t } = useTranslation('settings');
  const unit = useContext(UnitsContext)[path];
  const min = schema.minimum ?? schema.exclusiveMinimum;
  const hint =
    min !== undefined && schema.maximum !== undefined
      ? t('range', { min, max: schema.maximum.toLocaleString('en-US') })
      : undefined;
  return (
    <Labelled label={label} htmlFor={id} hint={hint}>
      <span className="relative flex items-center">
        <input
          id={id}
          data-path={path}
          type="number"
          inputMode={schema.type === 'integer' ? 'numeric' : 'decimal'}
          step={schema.type === 'integer' ? 1 : 'any'}
          min={min}
          max={schema.maximum}
          className={clsx(inputClass, 'tabular-nums', unit && 'pr-20')}
          aria-invalid={errors.has(path)}
          value={typeof value === 'number' ? value : ''}
          onChange={(e) => onChange(e.target.value === '' ? undefined : Number(e.target.value))}
        />
        {unit && (
          <span
            className="pointer-events-none absolute right-3 text-xs font-semibold text-subtle"
            data-testid="setting-unit"
          >
            {t(`units.${unit}`)}
          </span>
        )}
      </span>
    </Labelled>
  );
}
