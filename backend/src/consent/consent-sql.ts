/**
 * The ledger's rule in SQL, for counts over many clients (a campaign's audience, the compliance
 * report): the state of client `clientId` on `channel` for `purpose` (SQL expressions), derived from
 * their latest event exactly as `derivedState` does — 'granted', 'revoked', 'expired' (marketing
 * given more than `marketingMonths` ago) or 'unknown'.
 */
export function consentStateSql(clientId: string, channel: string, purpose: string, marketingMonths: number): string {
  const months = Math.trunc(marketingMonths);
  return `coalesce((select case when not k.opted_in then 'revoked'
                                when k.purpose = 'marketing' and k.recorded_at + make_interval(months => ${months}) <= now() then 'expired'
                                else 'granted' end
                      from consents k
                     where k.client_id = ${clientId} and k.channel = ${channel} and k.purpose = ${purpose}
                     order by k.recorded_at desc, k.id desc limit 1), 'unknown')`;
}
