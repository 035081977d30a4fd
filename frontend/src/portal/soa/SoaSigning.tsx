import './soa.css';

import { type CSSProperties, type FormEvent, useEffect, useId, useRef, useState } from 'react';

import { languageOf } from '../../i18n/translation.ts';
import { ApiError, errorBodyField } from '../../lib/http.ts';
import { Spinner } from '../../shared/Spinner.tsx';
import { DEFAULT_AGENCY_NAME, readableBrandColor } from '../brand.ts';
import { AgencyBand } from '../client/AuthCard.tsx';
import { formatDateTime } from '../client/portalFormat.ts';
import { useLazyWords, usePortalLanguage } from '../i18n.tsx';
import { useParams } from '../router.tsx';
import { Field } from '../ui/Field.tsx';
import { LanguageSwitch } from '../ui/LanguageSwitch.tsx';
import { SignaturePad } from './SignaturePad.tsx';
import { type Signing, type SignInput, soaApi } from './soaApi.ts';
import { SOA_TEXTS, type SoaTexts } from './soaTexts.ts';

const SOA_WORDS_IN = { es: async (): Promise<SoaTexts> => (await import('../../i18n/es/portal-soa.ts')).SOA_TEXTS };

type Problem = 'missingName' | 'missingRelationship' | 'missingDrawing' | 'missingAgree';

/**
 * /soa/{token}: the client signs the Scope of Appointment their agent sent, on a phone, without
 * signing in. One column, large type, the topics and what signing means, who signs (the client or a
 * representative), then the typed name (the default) or a drawn signature, one box to agree, Sign.
 * The page speaks the language the form was sent in.
 */
export default function SoaSigning() {
  const token = useParams().token ?? '';
  const words = useLazyWords(SOA_TEXTS, SOA_WORDS_IN);
  const { language, setLanguage } = usePortalLanguage();
  const [soa, setSoa] = useState<Signing | 'invalid' | null>(null);

  useEffect(() => {
    let live = true;
    soaApi.view(token).then(
      (found) => {
        if (!live) return;
        setSoa(found);
        const sentIn = languageOf(found.language);
        if (sentIn && sentIn !== language) void setLanguage(sentIn);
      },
      () => live && setSoa('invalid'),
    );
    return () => {
      live = false;
    };
    // The form's language is applied once, when it opens; a switch after that is the reader's choice.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [token]);

  if (!words || soa === null) {
    return (
      <main className="cp-page">
        <Spinner />
      </main>
    );
  }
  if (soa === 'invalid') return <Notice words={words} title={words.invalidTitle} text={words.invalidText} />;
  const agency = {
    agencyName: soa.agencyName.trim() || DEFAULT_AGENCY_NAME,
    logoUrl: soa.logoUrl,
    brandColor: readableBrandColor(soa.primaryColor),
  };
  if (soa.status === 'expired') return <Notice words={words} agency={agency} title={words.expiredTitle} text={words.expiredText} />;
  if (soa.status === 'cancelled') return <Notice words={words} agency={agency} title={words.cancelledTitle} text={words.cancelledText} />;
  if (soa.status === 'signed') {
    return (
      <Notice
        words={words}
        agency={agency}
        title={words.signedTitle}
        text={words.signedText(agency.agencyName, formatDateTime(soa.appointmentAt))}
      >
        {soa.signedAt && <p className="cp-muted">{words.signedOn(formatDateTime(soa.signedAt))}</p>}
        <p>{words.signedPortal}</p>
      </Notice>
    );
  }
  return (
    <Page agency={agency}>
      <SigningForm words={words} soa={soa} token={token} onSigned={setSoa} onGone={(status) => setSoa({ ...soa, status })} />
    </Page>
  );
}

type AgencyLook = { agencyName: string; logoUrl: string | null; brandColor: string };

function Page({ agency, children }: { agency?: AgencyLook; children: React.ReactNode }) {
  return (
    <main className="cp-page cp-soa" style={agency ? ({ '--cp-brand': agency.brandColor } as CSSProperties) : undefined}>
      <div className="cp-narrow cp-soa-column">
        <div className="cp-auth-language">
          <LanguageSwitch />
        </div>
        <div className="cp-card">
          {agency && <AgencyBand agency={agency} />}
          {children}
        </div>
      </div>
    </main>
  );
}

function Notice({
  words,
  agency,
  title,
  text,
  children,
}: {
  words: SoaTexts;
  agency?: AgencyLook;
  title: string;
  text: string;
  children?: React.ReactNode;
}) {
  return (
    <Page agency={agency}>
      <p className="cp-soa-kicker">{words.pageTitle}</p>
      <h1>{title}</h1>
      <p>{text}</p>
      {children}
    </Page>
  );
}

function SigningForm({
  words,
  soa,
  token,
  onSigned,
  onGone,
}: {
  words: SoaTexts;
  soa: Signing;
  token: string;
  onSigned: (soa: Signing) => void;
  onGone: (status: 'signed' | 'expired' | 'cancelled') => void;
}) {
  const [role, setRole] = useState<'beneficiary' | 'representative'>('beneficiary');
  const [name, setName] = useState('');
  const [relationship, setRelationship] = useState('');
  const [kind, setKind] = useState<'typed' | 'drawn'>('typed');
  const [drawing, setDrawing] = useState<string | null>(null);
  const [agreed, setAgreed] = useState(false);
  const [problems, setProblems] = useState<Problem[]>([]);
  const [failed, setFailed] = useState(false);
  const [busy, setBusy] = useState(false);
  const ids = useId();
  const form = useRef<HTMLFormElement>(null);

  // After a refused Sign, the first thing to fix takes the focus (a screen reader reads its message).
  useEffect(() => {
    if (problems.length) form.current?.querySelector<HTMLElement>('[aria-invalid="true"], [data-problem]')?.focus();
  }, [problems]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found: Problem[] = [];
    if (!name.trim()) found.push('missingName');
    if (role === 'representative' && !relationship.trim()) found.push('missingRelationship');
    if (kind === 'drawn' && !drawing) found.push('missingDrawing');
    if (!agreed) found.push('missingAgree');
    setProblems(found);
    setFailed(false);
    if (found.length) return;
    const input: SignInput = {
      signerName: name.trim(),
      signerRole: role,
      relationship: role === 'representative' ? relationship.trim() : null,
      signatureKind: kind,
      drawnSignature: kind === 'drawn' ? drawing : null,
      agree: true,
    };
    setBusy(true);
    try {
      onSigned(await soaApi.sign(token, input));
    } catch (error) {
      setBusy(false);
      const status = error instanceof ApiError ? error.status : 0;
      if (status === 409) return onGone('signed');
      if (status === 410) return onGone('expired');
      const field = errorBodyField(error, 'field');
      if (field === 'drawnSignature') return setProblems(['missingDrawing']);
      if (field === 'relationship') return setProblems(['missingRelationship']);
      setFailed(true);
    }
  };

  const problem = (which: Problem) => (problems.includes(which) ? words[which] : null);
  return (
    <form ref={form} onSubmit={submit} noValidate>
      <p className="cp-soa-kicker">{words.pageTitle}</p>
      <h1>{soa.beneficiaryName}</h1>
      <p>{words.intro(soa.agentName, soa.agencyName)}</p>

      <section className="cp-soa-section" aria-labelledby={`${ids}-appointment`}>
        <h2 id={`${ids}-appointment`}>{words.appointment}</h2>
        <dl className="cp-soa-facts">
          <dt>{words.when}</dt>
          <dd>{formatDateTime(soa.appointmentAt)}</dd>
          <dt>{words.how}</dt>
          <dd>{words.methods[soa.method]}</dd>
        </dl>
      </section>

      <section className="cp-soa-section" aria-labelledby={`${ids}-topics`}>
        <h2 id={`${ids}-topics`}>{words.topics}</h2>
        <ul className="cp-soa-topics">
          {soa.products.map((product) => (
            <li key={product}>{words.products[product]}</li>
          ))}
        </ul>
      </section>

      <section className="cp-soa-section" aria-labelledby={`${ids}-good`}>
        <h2 id={`${ids}-good`}>{words.goodToKnow}</h2>
        <ul>
          {words.statements.map((statement) => (
            <li key={statement}>{statement}</li>
          ))}
        </ul>
      </section>

      <fieldset className="cp-fieldset">
        <legend>{words.whoSigns}</legend>
        {(['beneficiary', 'representative'] as const).map((value) => (
          <label key={value} className="cp-check">
            <input type="radio" name="signerRole" checked={role === value} onChange={() => setRole(value)} />
            {value === 'beneficiary' ? words.me(soa.beneficiaryName) : words.representative(soa.beneficiaryName)}
          </label>
        ))}
      </fieldset>
      {role === 'representative' && (
        <Field
          label={words.relationship}
          hint={words.relationshipHint}
          error={problem('missingRelationship')}
          value={relationship}
          maxLength={60}
          autoComplete="off"
          onChange={(event) => setRelationship(event.target.value)}
        />
      )}
      <Field
        label={words.fullName}
        hint={words.fullNameHint}
        error={problem('missingName')}
        value={name}
        maxLength={100}
        autoComplete="name"
        onChange={(event) => setName(event.target.value)}
      />

      <fieldset className="cp-fieldset">
        <legend>{words.signatureTitle}</legend>
        {(['typed', 'drawn'] as const).map((value) => (
          <label key={value} className="cp-check">
            <input type="radio" name="signatureKind" checked={kind === value} onChange={() => setKind(value)} />
            {value === 'typed' ? words.typeIt : words.drawIt}
          </label>
        ))}
        {kind === 'typed' ? (
          <p className="cp-soa-typed" aria-live="polite">
            <span className="cp-muted">{words.typedPreview}: </span>
            <span className="cp-soa-typed-name">{name.trim() || '…'}</span>
          </p>
        ) : (
          <div className="cp-soa-draw">
            <p id={`${ids}-draw-hint`} className="cp-hint">
              {words.drawHint}
            </p>
            <SignaturePad label={words.drawHere} path={drawing} onChange={setDrawing} />
            <button type="button" className="cp-button cp-button-outline" onClick={() => setDrawing(null)}>
              {words.clear}
            </button>
            {problem('missingDrawing') && (
              <p className="cp-error" role="alert" tabIndex={-1} data-problem>
                {problem('missingDrawing')}
              </p>
            )}
          </div>
        )}
      </fieldset>

      <div className="cp-check-field">
        <label className="cp-check">
          <input
            type="checkbox"
            checked={agreed}
            aria-invalid={problem('missingAgree') ? true : undefined}
            aria-describedby={problem('missingAgree') ? `${ids}-agree-error` : undefined}
            onChange={(event) => setAgreed(event.target.checked)}
          />
          {words.agree}
        </label>
        {problem('missingAgree') && (
          <p id={`${ids}-agree-error`} className="cp-error" role="alert">
            {problem('missingAgree')}
          </p>
        )}
      </div>

      {failed && (
        <div className="cp-soa-failed" role="alert">
          <strong>{words.failed}</strong> {words.tryAgain}
        </div>
      )}
      <button type="submit" className="cp-button cp-button-block cp-soa-sign" disabled={busy}>
        {busy ? words.signing : words.sign}
      </button>
    </form>
  );
}
