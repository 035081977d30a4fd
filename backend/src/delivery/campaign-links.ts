/** Web addresses in a campaign message, in order, without trailing punctuation. */
export function linksIn(message: string): string[] {
  const found = message.match(/https?:\/\/[^\s<>"']+/g) ?? [];
  return [...new Set(found.map((url) => url.replace(/[.,;:!?)\]]+$/, '')))];
}

/** Whether `target` is one of the message's own links (the only places the click redirect may go). */
export function isCampaignLink(message: string, target: string): boolean {
  return linksIn(message).includes(target);
}
