import { describe, expect, it } from 'vitest';
import { nameTokens, senderNameVerdict } from '../../src/modules/deposits/sender-name.ts';

describe('slip sender names (docs/decisions/0025-slip-sender-and-provider-amounts.md)', () => {
  it('drops titles, dots, masks, case and extra spaces', () => {
    expect(nameTokens('นาย สมชาย ใจดี')).toEqual(['สมชาย', 'ใจดี']);
    expect(nameTokens('นายสมชาย  ใจดี')).toEqual(['สมชาย', 'ใจดี']);
    expect(nameTokens('นางสาว สมหญิง รักดี')).toEqual(['สมหญิง', 'รักดี']);
    expect(nameTokens('น.ส.สมหญิง ร***')).toEqual(['สมหญิง', 'ร']);
    expect(nameTokens('นาง มาลี ดีใจ')).toEqual(['มาลี', 'ดีใจ']);
    expect(nameTokens('MR. SOMCHAI J')).toEqual(['somchai', 'j']);
    expect(nameTokens('Miss  Malee   Deejai')).toEqual(['malee', 'deejai']);
    expect(nameTokens('  somchai   JAIDEE ')).toEqual(['somchai', 'jaidee']);
  });

  it('matches a truncated printed name against the registered one of the same script', () => {
    expect(senderNameVerdict(['นาย สมชาย ใ', 'MR SOMCHAI J'], ['สมชาย ใจดี'])).toBe('match');
    expect(senderNameVerdict([null, 'MR. SOMCHAI JAIDE'], ['SOMCHAI JAIDEE'])).toBe('match');
    expect(senderNameVerdict(['นาย สมชาย ใจดี', null], ['นายสมชาย ใจดี'])).toBe('match');
    // the registered name written without a space
    expect(senderNameVerdict(['นาย สมชาย ใจ'], ['สมชายใจดี'])).toBe('match');
    // Thai printed, English registered and Thai display name: the Thai forms are compared
    expect(senderNameVerdict(['นาย สมชาย ใจดี', null], ['SOMCHAI JAIDEE', 'สมชาย ใจดี'])).toBe('match');
  });

  it('tells different people apart, and says unknown when nothing can be compared', () => {
    expect(senderNameVerdict(['นางสาว สมหญิง รักดี', 'MS SOMYING R'], ['สมชาย ใจดี', 'SOMCHAI JAIDEE'])).toBe('mismatch');
    // a first name must be whole: SOM is not SOMCHAI, SOMCHAI is not SOMCHAIYA
    expect(senderNameVerdict(['MR SOM'], ['SOMCHAI JAIDEE'])).toBe('mismatch');
    expect(senderNameVerdict(['MR SOMCHAIYA J'], ['SOMCHAI JAIDEE'])).toBe('mismatch');
    expect(senderNameVerdict(['MR SOMCHAI K'], ['SOMCHAI JAIDEE'])).toBe('mismatch');
    // no printed name, or only in a script the member did not register: the rules cannot tell
    expect(senderNameVerdict([null, null], ['SOMCHAI JAIDEE'])).toBe('unknown');
    expect(senderNameVerdict(['นาย สมชาย ใจดี', null], ['SOMCHAI JAIDEE'])).toBe('unknown');
    expect(senderNameVerdict(['***', 'MR'], ['SOMCHAI JAIDEE'])).toBe('mismatch');
  });
});
