import { describe, expect, it } from 'vitest';
import { toSlides } from './account-slider.tsx';

const cards = (n: number) => Array.from({ length: n }, (_, index) => index);

describe('home slider pages', () => {
  it('never leaves a last page holding one card: the cards are shared evenly, at most 6 a page', () => {
    expect(toSlides(cards(7)).map((slide) => slide.length)).toEqual([4, 3]);
    expect(toSlides(cards(13)).map((slide) => slide.length)).toEqual([5, 4, 4]);
    expect(toSlides(cards(12)).map((slide) => slide.length)).toEqual([6, 6]);
    expect(toSlides(cards(6)).map((slide) => slide.length)).toEqual([6]);
    expect(toSlides(cards(0))).toEqual([]);
    expect(toSlides(cards(7)).flat()).toEqual(cards(7));
  });
});
