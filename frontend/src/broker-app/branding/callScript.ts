/**
 * The sentences of a reminder call, as the server speaks them (backend/src/messaging/call-script.ts):
 * the agency, the reminder message, the sponsor message when there is one, then the prompt.
 */
export const CALL_PROMPT = 'Press 1 to confirm you got this message. Press 9 to stop these calls.';

export interface CallScript {
  agencyName: string;
  message: string;
  sponsorMessage?: string | null;
}

export function callSentences(script: CallScript): string[] {
  const agency = script.agencyName.trim() || 'your insurance agency';
  return [
    `Hello, this is a reminder from ${agency}.`,
    script.message.trim(),
    ...(script.sponsorMessage?.trim() ? [script.sponsorMessage.trim()] : []),
    CALL_PROMPT,
  ];
}
