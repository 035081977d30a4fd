/**
 * Who makes a change in an agency, for its activity log: the member the request acts as, the API
 * token it came through (null for the browser session) and the address it came from. Controllers
 * take it from the request the one access guard has checked (`@CurrentActor()`), never from anything
 * the caller sends, so the log names whoever that guard let in. A write that finishes later (a
 * long CSV import) keeps its actor with it and records the entry when it ends.
 */
export interface Actor {
  agencyId: string;
  memberId: string;
  tokenId: string | null;
  ip: string | null;
}
