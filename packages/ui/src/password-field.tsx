import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TextField, type TextFieldProps } from './text-field.tsx';

const EYE = 'M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12zM12 15a3 3 0 100-6 3 3 0 000 6z';
const EYE_OFF =
  'M3 3l18 18M10.6 5.1A10 10 0 0112 5c6.4 0 10 7 10 7a17 17 0 01-3.2 4M6.6 6.6A17 17 0 002 12s3.6 7 10 7a9.8 9.8 0 005.4-1.6M9.9 9.9a3 3 0 004.2 4.2';

/** A password input with a show / hide button (44 px target). */
export function PasswordField(props: Omit<TextFieldProps, 'type' | 'endAdornment'>) {
  const { t } = useTranslation('common');
  const [isVisible, setIsVisible] = useState(false);
  return (
    <TextField
      {...props}
      type={isVisible ? 'text' : 'password'}
      endAdornment={
        <button
          type="button"
          onClick={() => setIsVisible((visible) => !visible)}
          aria-label={isVisible ? t('password.hide') : t('password.show')}
          aria-pressed={isVisible}
          className="-mr-2 flex size-11 items-center justify-center rounded-xl text-muted transition hover:text-fg"
        >
          <svg
            viewBox="0 0 24 24"
            aria-hidden
            className="size-5 fill-none stroke-current"
            strokeWidth={1.8}
            strokeLinecap="round"
            strokeLinejoin="round"
          >
            <path d={isVisible ? EYE_OFF : EYE} />
          </svg>
        </button>
      }
    />
  );
}
