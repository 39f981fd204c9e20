/**
 * The sender's name on a verified slip against a member's registered account name
 * (docs/decisions/0025-slip-sender-and-provider-amounts.md). Banks print the sender's Thai name (`displayName`) and
 * English name (`name`), both truncated, often with a title and sometimes a mask (`นาย สมชาย ใ***`,
 * `MR. SOMCHAI J`); members register the account name in Thai, or in English for the banks that require it. Names
 * are compared within one script: Thai against Thai, Latin against Latin.
 */

/** Titles a bank or a member may put before a name: Thai (with and without the dots) and English. */
const THAI_TITLES = ['นางสาว', 'เด็กชาย', 'เด็กหญิง', 'น.ส.', 'ด.ช.', 'ด.ญ.', 'นาย', 'นาง'];
const ENGLISH_TITLES = new Set(['mr', 'mrs', 'ms', 'miss', 'mstr', 'master']);

const THAI_LETTER = /[\u0E00-\u0E7F]/;
const LATIN_LETTER = /[a-z]/i;

type Script = 'thai' | 'latin';

/** A name as comparable tokens: NFC, lower case, title, dots, masks and punctuation gone, spaces collapsed. */
export function nameTokens(raw: string): string[] {
  let s = raw.normalize('NFC').toLowerCase().trim();
  for (const title of THAI_TITLES) {
    if (s.startsWith(title) && s.length > title.length) {
      s = s.slice(title.length);
      break;
    }
  }
  const tokens = s
    .replace(/[.,*_\-'"()]/g, ' ')
    .split(/\s+/)
    .filter((t) => t.length > 0);
  if (tokens.length > 1 && ENGLISH_TITLES.has(tokens[0]!)) tokens.shift();
  return tokens;
}

function scriptOf(tokens: string[]): Script | null {
  const text = tokens.join('');
  if (THAI_LETTER.test(text)) return 'thai';
  if (LATIN_LETTER.test(text)) return 'latin';
  return null;
}

/**
 * One printed (possibly truncated) name against one registered name of the same script: the first name whole and
 * equal, then every printed character in order (the bank cuts the rest), ignoring where the spaces fall.
 */
function printedMatches(printed: string[], registered: string[]): boolean {
  const first = printed[0];
  if (!first || registered.length === 0) return false;
  const printedAll = printed.join('');
  const registeredAll = registered.join('');
  if (!registeredAll.startsWith(printedAll)) return false;
  // the first printed word is a whole word of the registered name (SOM is not SOMCHAI), unless it is all it printed
  // and the registered name was written without spaces
  return registered[0] === first || (registered.length === 1 && printed.length > 1);
}

export type NameVerdict = 'match' | 'mismatch' | 'unknown';

/**
 * `match`: a printed name equals a registered name of the same script; `mismatch`: names of the same script were
 * compared and none matched; `unknown`: nothing to compare (no printed name, or only in a script the member did not
 * register). Never guesses across scripts (no transliteration).
 */
export function senderNameVerdict(printed: Array<string | null>, registered: string[]): NameVerdict {
  let compared = false;
  for (const p of printed) {
    if (!p) continue;
    const pt = nameTokens(p);
    const script = scriptOf(pt);
    if (!script) continue;
    for (const r of registered) {
      const rt = nameTokens(r);
      if (scriptOf(rt) !== script) continue;
      compared = true;
      if (printedMatches(pt, rt)) return 'match';
    }
  }
  return compared ? 'mismatch' : 'unknown';
}
