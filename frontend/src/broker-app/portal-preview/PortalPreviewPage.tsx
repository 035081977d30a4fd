import AddIcon from '@mui/icons-material/Add';
import AlarmIcon from '@mui/icons-material/Alarm';
import HealthAndSafetyIcon from '@mui/icons-material/HealthAndSafety';
import LockIcon from '@mui/icons-material/Lock';
import MedicationIcon from '@mui/icons-material/Medication';
import { Alert, Box, Button, Card, CardContent, Chip, Divider, Link, Paper, Typography } from '@mui/material';
import { ThemeProvider } from '@mui/material/styles';
import { addDays, setHours, setMinutes, startOfDay } from 'date-fns';
import { useMemo } from 'react';

import { buildTheme } from '../branding/theme.ts';
import { useBrokerTexts } from '../i18n/useBrokerTexts.ts';
import { useCurrentUser } from '../providers/useCurrentUser.ts';
import { formatDateTime } from '../ui/format.ts';
import { PageHeader } from '../ui/PageHeader.tsx';
import { SAMPLE_CLIENT } from './texts.ts';

/** The sample reminders' next times: this evening's (or tomorrow's), tomorrow morning's, the refill in three days. */
function upcomingSamples(now: Date, [morning, evening, refill]: readonly { message: string }[]) {
  const today = startOfDay(now);
  const at = (days: number, hours: number) => setMinutes(setHours(addDays(today, days), hours), 0);
  return [
    { id: 'u1', message: evening.message, when: at(0, 19) > now ? at(0, 19) : at(1, 19) },
    { id: 'u2', message: morning.message, when: at(1, 8) },
    { id: 'u3', message: refill.message, when: at(3, 10) },
  ].sort((a, b) => a.when.getTime() - b.when.getTime());
}

function SectionTitle({ icon, children, action }: { icon: React.ReactNode; children: string; action?: React.ReactNode }) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1, mb: 2, flexWrap: 'wrap' }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, color: 'primary.main' }}>
        {icon}
        <Typography variant="h6" component="h3" sx={{ color: 'text.primary', fontSize: '1.25rem' }}>
          {children}
        </Typography>
      </Box>
      {action}
    </Box>
  );
}

/**
 * The client portal as the broker's clients see it — their agency's logo, name, colour and sponsor
 * message — filled with sample data, since a broker never sees a client's own health data.
 */
export function PortalPreviewPage() {
  const { PREVIEW_TEXTS: T, SAMPLE_MEDICATIONS, SAMPLE_REMINDERS } = useBrokerTexts().portalPreview;
  const { data: user } = useCurrentUser();
  const agency = user?.agencyName?.trim() || T.defaultAgency;
  const theme = useMemo(() => buildTheme({ primaryColor: user?.primaryColor }), [user?.primaryColor]);
  const upcoming = useMemo(() => upcomingSamples(new Date(), SAMPLE_REMINDERS), [SAMPLE_REMINDERS]);
  // The buttons look as clients see them but do nothing here.
  const disabled = { 'aria-disabled': true, title: T.previewOnly, onClick: (event: React.MouseEvent) => event.preventDefault() };

  return (
    <Box>
      <PageHeader title={T.title} subtitle={T.subtitle} />
      <Alert severity="info" icon={<LockIcon />} sx={{ mb: 2 }}>
        {T.sampleNotice}
      </Alert>
      <ThemeProvider theme={theme}>
        <Paper
          variant="outlined"
          aria-label={T.portalPreview}
          component="section"
          sx={{ overflow: 'hidden', fontSize: 18, bgcolor: '#f8fafc' }}
        >
          <Box
            component="header"
            sx={{
              display: 'flex',
              alignItems: 'center',
              gap: 2,
              px: 3,
              py: 2,
              bgcolor: 'background.paper',
              borderBottom: 1,
              borderColor: 'divider',
            }}
          >
            {user?.logoUrl ? (
              <Box component="img" src={user.logoUrl} alt={T.logo(agency)} sx={{ height: 44, width: 44, objectFit: 'contain' }} />
            ) : (
              <HealthAndSafetyIcon sx={{ fontSize: 40, color: 'primary.main' }} aria-hidden="true" />
            )}
            <Typography component="p" sx={{ fontWeight: 700, fontSize: '1.25rem', flex: 1 }} noWrap>
              {agency}
            </Typography>
            <Link component="span" underline="hover" sx={{ fontSize: 18, cursor: 'default' }}>
              {T.help}
            </Link>
            <Button variant="outlined" size="large" {...disabled}>
              {T.signOut}
            </Button>
          </Box>

          <Box sx={{ p: { xs: 2, md: 4 }, display: 'grid', gap: 3 }}>
            <Box>
              <Typography variant="h4" component="h2" sx={{ fontWeight: 700 }}>
                {T.welcome(SAMPLE_CLIENT.firstName)}
              </Typography>
              <Typography sx={{ fontSize: 18, color: 'text.secondary' }}>{T.welcomeSub}</Typography>
            </Box>

            {user?.sponsorMessage && (
              <Card sx={{ borderLeft: 4, borderLeftColor: 'primary.main' }}>
                <CardContent>
                  <Typography variant="overline" color="text.secondary">
                    {T.fromAgency(agency)}
                  </Typography>
                  <Typography sx={{ fontSize: 18 }}>{user.sponsorMessage}</Typography>
                </CardContent>
              </Card>
            )}

            <Card>
              <CardContent>
                <SectionTitle icon={<AlarmIcon />}>{T.upcomingReminders}</SectionTitle>
                <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1.5 }}>
                  {upcoming.map((item) => (
                    <Box component="li" key={item.id} sx={{ display: 'flex', justifyContent: 'space-between', gap: 2, fontSize: 18 }}>
                      <span>{item.message}</span>
                      <Typography component="span" sx={{ fontSize: 18, color: 'text.secondary' }}>
                        {formatDateTime(item.when)}
                      </Typography>
                    </Box>
                  ))}
                </Box>
              </CardContent>
            </Card>

            <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', lg: '1fr 1fr' } }}>
              <Card>
                <CardContent>
                  <SectionTitle
                    icon={<MedicationIcon />}
                    action={
                      <Button variant="contained" size="large" startIcon={<AddIcon />} {...disabled}>
                        {T.addMedication}
                      </Button>
                    }
                  >
                    {T.myMedications}
                  </SectionTitle>
                  <Box sx={{ display: 'grid', gap: 1.5 }}>
                    {SAMPLE_MEDICATIONS.map((medication) => (
                      <Paper key={medication.id} variant="outlined" sx={{ p: 2 }}>
                        <Typography sx={{ fontWeight: 600, fontSize: 18 }}>
                          {medication.name} · {medication.dosage}
                        </Typography>
                        <Typography sx={{ color: 'text.secondary', fontSize: 16 }}>
                          {medication.frequency} — {medication.instructions}
                        </Typography>
                      </Paper>
                    ))}
                  </Box>
                  <Alert severity="success" icon={<LockIcon />} sx={{ mt: 2, fontSize: 16 }}>
                    {T.privacyNotice}
                  </Alert>
                </CardContent>
              </Card>

              <Card>
                <CardContent>
                  <SectionTitle
                    icon={<AlarmIcon />}
                    action={
                      <Button variant="contained" size="large" startIcon={<AddIcon />} {...disabled}>
                        {T.scheduleReminder}
                      </Button>
                    }
                  >
                    {T.myReminders}
                  </SectionTitle>
                  <Box sx={{ display: 'grid', gap: 1.5 }}>
                    {SAMPLE_REMINDERS.map((reminder) => (
                      <Paper key={reminder.id} variant="outlined" sx={{ p: 2, display: 'flex', justifyContent: 'space-between', gap: 2 }}>
                        <Box>
                          <Typography sx={{ fontWeight: 600, fontSize: 18 }}>{reminder.message}</Typography>
                          <Typography sx={{ color: 'text.secondary', fontSize: 16 }}>{reminder.schedule}</Typography>
                        </Box>
                        <Chip
                          label={reminder.status}
                          color={reminder.status === 'pending' ? 'info' : 'success'}
                          size="small"
                          sx={{ alignSelf: 'flex-start', textTransform: 'capitalize' }}
                        />
                      </Paper>
                    ))}
                  </Box>
                </CardContent>
              </Card>
            </Box>
          </Box>
          <Divider />
          <Box component="footer" sx={{ px: 3, py: 2, textAlign: 'center' }}>
            <Typography sx={{ color: 'text.secondary', fontSize: 16 }}>{T.footer(agency)}</Typography>
          </Box>
        </Paper>
      </ThemeProvider>
    </Box>
  );
}
