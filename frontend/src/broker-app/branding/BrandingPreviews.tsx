import CallIcon from '@mui/icons-material/Call';
import EmailIcon from '@mui/icons-material/Email';
import LockIcon from '@mui/icons-material/Lock';
import { Box, Card, CardContent, Chip, Typography } from '@mui/material';
import { getContrastRatio } from '@mui/material/styles';
import type { ReactNode } from 'react';

import { readableBrandColor } from '../../../../backend/src/branding/readable-color.ts';
import { useBrokerLanguage, useBrokerTexts } from '../i18n/useBrokerTexts.ts';
import { callSentences, sponsorMessageIn } from './callScript.ts';

export interface PreviewBranding {
  agencyName: string;
  agencyPhone: string;
  /** Valid hex colours (the page falls back while a typed one is not). */
  primaryColor: string;
  secondaryColor: string;
  sponsorMessage: string;
  /** The Spanish sponsor message (Spanish-speaking clients hear it when it is written). */
  sponsorMessageEs: string;
  logoUrl: string | null;
  /** Who the reminder calls name when there is no agency name (the server uses the broker's name). */
  brokerName: string;
}

/** White or near-black text, whichever reads better on the colour. */
function textOn(color: string): string {
  return getContrastRatio(color, '#ffffff') >= 3 ? '#ffffff' : '#0f172a';
}

function PreviewCard({ id, title, icon, children }: { id: string; title: string; icon: ReactNode; children: ReactNode }) {
  return (
    <Card component="figure" aria-labelledby={`${id}-title`} data-testid={id} sx={{ m: 0 }}>
      <CardContent sx={{ display: 'grid', gap: 1.5 }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, color: 'text.secondary' }}>
          {icon}
          <Typography id={`${id}-title`} component="figcaption" variant="subtitle2" sx={{ fontWeight: 600 }}>
            {title}
          </Typography>
        </Box>
        {children}
      </CardContent>
    </Card>
  );
}

function AgencyMark({ name, logoUrl, color, size }: { name: string; logoUrl: string | null; color: string; size: number }) {
  return logoUrl ? (
    <Box component="img" src={logoUrl} alt="" sx={{ width: size, height: size, objectFit: 'contain', borderRadius: 1 }} />
  ) : (
    <Box
      aria-hidden
      sx={{
        width: size,
        height: size,
        borderRadius: 1,
        bgcolor: color,
        color: textOn(color),
        display: 'grid',
        placeItems: 'center',
        fontWeight: 700,
        fontSize: size / 2.2,
      }}
    >
      {name.trim()[0]?.toUpperCase() ?? ''}
    </Box>
  );
}

const fakeInput = {
  border: 1,
  borderColor: '#cbd5e1',
  borderRadius: 1,
  px: 1.25,
  py: 0.75,
  fontSize: 13,
  // A placeholder's grey that still reads on white (4.8:1).
  color: '#64748b',
  bgcolor: '#ffffff',
} as const;

/** The client login page in the agency's colours. */
export function LoginPreview({ branding }: { branding: PreviewBranding }) {
  const { BRANDING_TEXTS: T, PREVIEW_TEXTS: P } = useBrokerTexts().branding;
  const agency = branding.agencyName.trim() || P.portalDefaultAgency;
  // Drawn as the portal and the e-mails draw it: a pale colour as its readable shade.
  const primary = readableBrandColor(branding.primaryColor);
  return (
    <PreviewCard id="login-preview" title={T.loginPreview} icon={<LockIcon fontSize="small" />}>
      <Box sx={{ bgcolor: '#f1f5f9', borderRadius: 2, p: 2.5, display: 'grid', placeItems: 'center' }}>
        <Box sx={{ bgcolor: '#ffffff', borderRadius: 2, boxShadow: 1, p: 2.5, width: '100%', maxWidth: 300, display: 'grid', gap: 1.25 }}>
          <Box sx={{ display: 'grid', justifyItems: 'center', gap: 0.75, textAlign: 'center' }}>
            <AgencyMark name={agency} logoUrl={branding.logoUrl} color={primary} size={44} />
            <Typography sx={{ fontWeight: 700, color: '#0f172a' }} data-testid="login-preview-agency">
              {agency}
            </Typography>
            <Typography variant="body2" sx={{ fontWeight: 600, color: '#0f172a' }}>
              {P.loginHeading}
            </Typography>
            <Typography variant="caption" sx={{ color: '#64748b' }}>
              {P.loginSubheading}
            </Typography>
          </Box>
          <Box sx={fakeInput}>{P.username}</Box>
          <Box sx={fakeInput}>{P.password}</Box>
          <Box
            data-testid="login-preview-button"
            sx={{
              bgcolor: primary,
              color: textOn(primary),
              borderRadius: 1,
              py: 0.9,
              textAlign: 'center',
              fontWeight: 600,
              fontSize: 14,
            }}
          >
            {P.signIn}
          </Box>
          <Typography variant="caption" sx={{ color: '#64748b', textAlign: 'center' }}>
            {P.loginNote(agency)}
          </Typography>
        </Box>
      </Box>
    </PreviewCard>
  );
}

/** A campaign e-mail as the server renders it: brand-coloured header, message, sponsor message, footer. */
export function EmailPreview({ branding }: { branding: PreviewBranding }) {
  const { BRANDING_TEXTS: T, PREVIEW_TEXTS: P } = useBrokerTexts().branding;
  // As the e-mail itself: the agency's name, else the broker's, else a plain default.
  const agency = branding.agencyName.trim() || branding.brokerName.trim() || P.emailDefaultAgency;
  // Drawn as the portal and the e-mails draw it: a pale colour as its readable shade.
  const primary = readableBrandColor(branding.primaryColor);
  const footer = [agency, branding.agencyPhone.trim()].filter(Boolean);
  return (
    <PreviewCard id="email-preview" title={T.emailPreview} icon={<EmailIcon fontSize="small" />}>
      <Box sx={{ fontSize: 12, color: '#475569', display: 'grid', gap: 0.25 }}>
        <span>{P.emailFrom(agency)}</span>
        <span>{P.emailSubject}</span>
      </Box>
      <Box sx={{ bgcolor: '#f1f5f9', borderRadius: 2, p: 1.5, fontFamily: 'Arial, Helvetica, sans-serif', color: '#0f172a' }}>
        <Box
          sx={{ bgcolor: '#ffffff', borderRadius: 2, borderTop: `6px solid ${primary}`, overflow: 'hidden' }}
          data-testid="email-preview-card"
        >
          <Box sx={{ px: 2.5, pt: 2, pb: 1, display: 'flex', alignItems: 'center', gap: 1 }}>
            {branding.logoUrl ? (
              <Box component="img" src={branding.logoUrl} alt="" sx={{ maxWidth: 72, maxHeight: 40, objectFit: 'contain' }} />
            ) : (
              <Typography sx={{ fontSize: 18, fontWeight: 700, color: primary }} data-testid="email-preview-agency">
                {agency}
              </Typography>
            )}
          </Box>
          <Box sx={{ px: 2.5, pb: 1.5, fontSize: 14, lineHeight: 1.6, display: 'grid', gap: 1 }}>
            <span>{P.emailGreeting}</span>
            <span>{P.emailBody}</span>
            <Box component="span" sx={{ color: primary, textDecoration: 'underline' }}>
              {P.emailLink}
            </Box>
            {branding.sponsorMessage.trim() && (
              <Box
                data-testid="email-preview-sponsor"
                sx={{ borderLeft: `4px solid ${branding.secondaryColor}`, bgcolor: '#f8fafc', px: 1.5, py: 1, fontStyle: 'italic' }}
              >
                {branding.sponsorMessage.trim()}
              </Box>
            )}
          </Box>
          <Box sx={{ px: 2.5, py: 1.5, borderTop: '1px solid #e2e8f0', fontSize: 12, lineHeight: 1.5, color: '#475569' }}>
            {footer.map((line) => (
              <div key={line}>{line}</div>
            ))}
            <div>
              {P.emailFooterNote(agency)}{' '}
              <Box component="span" sx={{ color: primary, textDecoration: 'underline' }}>
                {P.unsubscribe}
              </Box>
            </div>
          </Box>
        </Box>
      </Box>
    </PreviewCard>
  );
}

/**
 * What the automated reminder call says, sentence by sentence, in the app's language: as a client of
 * that language hears it (its greeting and prompt, and the sponsor message written for them).
 */
export function CallScriptPreview({ branding }: { branding: PreviewBranding }) {
  const { BRANDING_TEXTS: T, PREVIEW_TEXTS: P } = useBrokerTexts().branding;
  const language = useBrokerLanguage();
  const sentences = callSentences({
    agencyName: branding.agencyName.trim() || branding.brokerName,
    message: P.callSampleMessage,
    sponsorMessage: sponsorMessageIn(language, branding),
    language,
  });
  const [greeting, reminder, sponsor, prompt] = P.callParts;
  const parts = sentences.length === 4 ? [greeting, reminder, sponsor, prompt] : [greeting, reminder, prompt];
  return (
    <PreviewCard id="call-preview" title={T.callPreview} icon={<CallIcon fontSize="small" />}>
      <Typography variant="caption" color="text.secondary">
        {P.callNote}
      </Typography>
      <Box component="ol" sx={{ m: 0, p: 0, listStyle: 'none', display: 'grid', gap: 1 }}>
        {sentences.map((sentence, index) => (
          <Box
            component="li"
            key={parts[index]}
            data-testid="call-sentence"
            sx={{
              display: 'grid',
              gridTemplateColumns: 'auto 1fr',
              gap: 1.25,
              alignItems: 'start',
              p: 1.25,
              borderRadius: 2,
              bgcolor: index === sentences.length - 1 ? 'action.hover' : 'transparent',
              border: 1,
              borderColor: 'divider',
            }}
          >
            <Chip
              label={index + 1}
              size="small"
              sx={{ bgcolor: readableBrandColor(branding.primaryColor), color: '#ffffff', fontWeight: 700, minWidth: 28 }}
            />
            <Box sx={{ minWidth: 0 }}>
              <Typography variant="caption" color="text.secondary" component="div">
                {parts[index]}
              </Typography>
              <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                “{sentence}”
              </Typography>
            </Box>
          </Box>
        ))}
      </Box>
    </PreviewCard>
  );
}

export function BrandingPreviews({ branding }: { branding: PreviewBranding }) {
  const { BRANDING_TEXTS: T } = useBrokerTexts().branding;
  return (
    <Box component="section" aria-labelledby="preview-title" sx={{ display: 'grid', gap: 2 }}>
      <Box>
        <Typography id="preview-title" variant="h6" component="h2" sx={{ fontWeight: 600 }}>
          {T.previewTitle}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {T.previewSubtitle}
        </Typography>
      </Box>
      <LoginPreview branding={branding} />
      <EmailPreview branding={branding} />
      <CallScriptPreview branding={branding} />
    </Box>
  );
}
