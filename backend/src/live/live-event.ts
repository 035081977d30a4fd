/**
 * What the live stream tells a broker app: that something it shows has changed, never what. The
 * app fetches the change through the ordinary routes, so who may read what stays decided by the
 * one access guard and the member's book; an event carries no names, no message text and no health
 * data.
 */
export const LIVE_TOPICS = ['inbox'] as const;
export type LiveTopic = (typeof LIVE_TOPICS)[number];

export interface LiveEvent {
  agencyId: string;
  topic: LiveTopic;
  /** The client the change is about, when it is about one. */
  clientId?: string | null;
  /** The member the client is assigned to: an agent kept to their own clients hears only of theirs. */
  assignedTo?: string | null;
  /** What changed within the topic (a thread's id). */
  id?: string | null;
}

/** The PostgreSQL channel every instance listens on. */
export const LIVE_CHANNEL = 'carekeep_live';
