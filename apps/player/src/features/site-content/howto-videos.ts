/** The five how-to topics of SPEC.md §2, in display order; files live in public/videos/{code}.mp4. */
const HOWTO_VIDEO_CODES = ['wallet', 'play', 'balance', 'bonus', 'cancel-bonus'] as const;

export type HowtoVideo = { code: string; url: string };

export const DEFAULT_HOWTO_VIDEOS: HowtoVideo[] = HOWTO_VIDEO_CODES.map((code) => ({
  code,
  url: `/videos/${code}.mp4`,
}));

/** The poster beside each clip: WebP, 390 px wide (apps/player/scripts/make-posters.mjs). */
export const posterFor = (url: string): string => url.replace(/\.mp4$/i, '.webp');
