import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { useTranslation } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import '../../lib/i18n.ts';
import { storage } from '../../lib/storage.ts';
import { LanguageSwitcher } from './language-switcher.tsx';

function Probe() {
  const { t } = useTranslation('common');
  return <p data-testid="probe">{t('nav.register')}</p>;
}

describe('LanguageSwitcher', () => {
  afterEach(async () => {
    cleanup();
    await i18next.changeLanguage('th');
    localStorage.clear();
  });

  it('switches th → la → en, changes visible text, stores the choice and sets <html lang>', async () => {
    const user = userEvent.setup();
    render(
      <>
        <LanguageSwitcher />
        <Probe />
      </>,
    );
    expect(screen.getByTestId('probe')).toHaveTextContent('สมัครสมาชิก');

    await user.click(screen.getByTestId('language-switcher'));
    await user.click(screen.getByRole('menuitemradio', { name: 'ລາວ' }));
    expect(screen.getByTestId('probe')).toHaveTextContent('ສະໝັກສະມາຊິກ');
    expect(storage.getLocale()).toBe('la');
    expect(document.documentElement.lang).toBe('lo');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();

    await user.click(screen.getByTestId('language-switcher'));
    expect(screen.getByRole('menuitemradio', { name: 'ລາວ' })).toHaveAttribute('aria-checked', 'true');
    await user.click(screen.getByRole('menuitemradio', { name: 'English' }));
    expect(screen.getByTestId('probe')).toHaveTextContent('Register');
    expect(document.documentElement.lang).toBe('en');
  });

  it('closes on Escape without changing the language', async () => {
    const user = userEvent.setup();
    render(<LanguageSwitcher />);
    await user.click(screen.getByTestId('language-switcher'));
    expect(screen.getByRole('menu')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(i18next.language).toBe('th');
  });
});
