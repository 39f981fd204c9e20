/** The five how-to topics of docs/spec.md §2, in display order; Thai clips live in public/videos/{code}.mp4 (la/, en/: theirs). */
const HOWTO_VIDEO_CODES = ['wallet', 'play', 'balance', 'bonus', 'cancel-bonus'] as const;

export type HowtoVideo = { code: string; url: string };

export const DEFAULT_HOWTO_VIDEOS: HowtoVideo[] = HOWTO_VIDEO_CODES.map((code) => ({
  code,
  url: `/videos/${code}.mp4`,
}));

/** The poster beside each clip: WebP, 390×293 (scripts/make-howto-videos.mjs, `npm run videos`). */
export const posterFor = (url: string): string => url.replace(/\.mp4$/i, '.webp');
