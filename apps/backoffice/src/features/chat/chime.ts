import { safe } from '@wallet/web-core/storage';

const SOUND_KEY = 'wallet.chat.sound';
const RATE = 8_000;

/**
 * The new-message chime, generated here rather than shipped: two short sine tones (E6 then A6) with a fast decay,
 * as a 16-bit mono WAV (about 5 KB) built once on first use.
 */
export function chimeWav(): Blob {
  const tones = [
    { hz: 1318.5, ms: 110 },
    { hz: 1760, ms: 190 },
  ];
  const samples = tones.flatMap(({ hz, ms }) => {
    const n = Math.round((RATE * ms) / 1000);
    return Array.from({ length: n }, (_, i) => Math.sin((2 * Math.PI * hz * i) / RATE) * Math.exp((-5 * i) / n) * 0.4);
  });
  const data = new DataView(new ArrayBuffer(44 + samples.length * 2));
  const text = (at: number, s: string) => [...s].forEach((c, i) => data.setUint8(at + i, c.charCodeAt(0)));
  text(0, 'RIFF');
  data.setUint32(4, 36 + samples.length * 2, true);
  text(8, 'WAVEfmt ');
  data.setUint32(16, 16, true);
  data.setUint16(20, 1, true); // PCM
  data.setUint16(22, 1, true); // mono
  data.setUint32(24, RATE, true);
  data.setUint32(28, RATE * 2, true);
  data.setUint16(32, 2, true);
  data.setUint16(34, 16, true);
  text(36, 'data');
  data.setUint32(40, samples.length * 2, true);
  samples.forEach((v, i) => data.setInt16(44 + i * 2, Math.round(v * 32_767), true));
  return new Blob([data.buffer], { type: 'audio/wav' });
}

let audio: HTMLAudioElement | null = null;

/** The operator's sound preference (on unless turned off), kept in this browser. */
export const chimeSetting = {
  isOn: (): boolean => safe(() => localStorage.getItem(SOUND_KEY), null) !== 'off',
  set: (on: boolean): void => safe(() => localStorage.setItem(SOUND_KEY, on ? 'on' : 'off'), undefined),
};

/**
 * Play the chime when sound is on. Browsers refuse audio before the page has had a click or key press (autoplay
 * rules): then `play()` rejects and the message simply arrives silently (the title badge still counts it).
 */
export function playChime(): void {
  if (!chimeSetting.isOn() || typeof Audio === 'undefined') return;
  audio ??= new Audio(URL.createObjectURL(chimeWav()));
  audio.currentTime = 0;
  void audio.play().catch(() => undefined);
}
