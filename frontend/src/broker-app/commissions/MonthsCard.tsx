import { Alert, Skeleton, Table, TableBody, TableCell, TableHead, TableRow } from '@mui/material';
import { useQuery } from '@tanstack/react-query';

import { dollars } from '../clients/policies.ts';
import { useBrokerTexts } from '../i18n/useBrokerTexts.ts';
import { commissionsApi } from './api.ts';
import { ScrollArea, Section } from './Section.tsx';

/** The last twelve months of the member's book: expected, paid, the difference, the policies not paid. */
export function MonthsCard() {
  const { COMMISSION_TEXTS: T } = useBrokerTexts().commissions;
  const { data, isPending, isError } = useQuery({ queryKey: ['commissions', 'months'], queryFn: commissionsApi.months });
  return (
    <Section title={T.months}>
      {isPending ? (
        <Skeleton variant="rounded" height={120} />
      ) : isError ? (
        <Alert severity="error">{T.loadFailed}</Alert>
      ) : (
        <ScrollArea label={T.months}>
          <Table size="small" aria-label={T.months}>
            <TableHead>
              <TableRow>
                <TableCell>{T.month}</TableCell>
                <TableCell align="right">{T.expected}</TableCell>
                <TableCell align="right">{T.paid}</TableCell>
                <TableCell align="right">{T.difference}</TableCell>
                <TableCell align="right">{T.unpaidCount}</TableCell>
                <TableCell align="right">{T.unmatchedAmount}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {[...data].reverse().map((month) => (
                <TableRow key={month.month}>
                  <TableCell>{month.month}</TableCell>
                  <TableCell align="right">{dollars(month.expectedCents)}</TableCell>
                  <TableCell align="right">{dollars(month.paidCents)}</TableCell>
                  <TableCell align="right">{dollars(month.paidCents - month.expectedCents)}</TableCell>
                  <TableCell align="right">{month.policiesUnpaid}</TableCell>
                  <TableCell align="right">{dollars(month.unmatchedCents)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </ScrollArea>
      )}
    </Section>
  );
}
