/** A link on the fixed host of True Wallet gift links (docs/payments.md §4), up to the next space. */
const GIFT_LINK = /https:\/\/gift\.truemoney\.com\/\S*/;

/**
 * The gift link in what a player pasted: the TrueMoney app shares a message ("… sent you a gift … <link>"), not the
 * bare link. The first link on the gift host, without trailing punctuation; otherwise the text itself, trimmed.
 * Only picks the piece: the server still checks host, path and hash strictly.
 */
export function giftLinkIn(text: string): string {
  const link = GIFT_LINK.exec(text)?.[0];
  return link ? link.replace(/[)\]}>.,;:!?'"]+$/, '') : text.trim();
}
