import { CARD_ID_PATTERN, type IdentityCenter } from '@oex/protocol';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { TextField } from '../../components/auth-form.js';
import { useToasts } from '../../components/toast.js';
import { useIdentityCenter, useSubmitIdentity } from '../../features/personal/identity.js';
import { useExchangeTimeZone } from '../../features/content/news.js';
import { formatInZone } from '../../lib/format.js';
import { ImagePicker, type PickedImage } from './ImagePicker.js';
import { Button, QueryState } from '../../components/ui/index.js';

const EMPTY: PickedImage = { state: 'empty' };

function StatusPanel({ center }: { center: IdentityCenter }) {
  const timeZone = useExchangeTimeZone();
  const { t } = useTranslation();
  const certified = center.review_status === 2;
  return (
    <section
      className="flex flex-col gap-2 rounded border p-4 bg-panel border-line"
      aria-labelledby="identity-state"
      data-testid="identity-state"
      data-status={center.review_status}
    >
      <h2 id="identity-state" className={`text-base font-semibold ${certified ? 'text-up' : 'text-accent'}`}>
        {certified ? t('identity.certified') : t('identity.pending')}
      </h2>
      <p className="text-muted">
        {certified
          ? t('identity.certifiedText')
          : t('identity.pendingText', {
              time: center.submitted_at ? formatInZone(center.submitted_at, timeZone) : '',
            })}
      </p>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="text-muted">{t('identity.name')}</dt>
        <dd>{center.name}</dd>
        <dt className="text-muted">{t('identity.cardId')}</dt>
        <dd className="font-mono">{center.card_id}</dd>
      </dl>
    </section>
  );
}

function IdentityForm({ center }: { center: IdentityCenter }) {
  const { t } = useTranslation();
  const toast = useToasts((state) => state.show);
  const submit = useSubmitIdentity();
  const [name, setName] = useState(center.review_status === 3 ? (center.name ?? '') : '');
  const [cardId, setCardId] = useState('');
  const [front, setFront] = useState<PickedImage>(EMPTY);
  const [back, setBack] = useState<PickedImage>(EMPTY);
  const [hand, setHand] = useState<PickedImage>(EMPTY);
  const [busy, setBusy] = useState(false);
  const uploading = [front, back, hand].some((image) => image.state === 'uploading');

  const problem = (): string | null => {
    if (!name.trim()) return t('identity.errors.name');
    if (!cardId.trim()) return t('identity.errors.cardId');
    if (!CARD_ID_PATTERN.test(cardId.trim())) return t('identity.errors.cardIdFormat');
    if (uploading) return t('identity.errors.uploading');
    if (front.state !== 'done') return t('identity.errors.front');
    if (back.state !== 'done') return t('identity.errors.back');
    return null;
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const message = problem();
    if (message) {
      toast('error', message);
      return;
    }
    if (front.state !== 'done' || back.state !== 'done') return;
    setBusy(true);
    try {
      await submit({
        name: name.trim(),
        card_id: cardId.trim(),
        front_pic: front.id,
        reverse_pic: back.id,
        hand_pic: hand.state === 'done' ? hand.id : null,
      });
    } catch {
      // The client has shown the server's message; the form keeps what was entered.
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="flex flex-col gap-4" noValidate onSubmit={(event) => void onSubmit(event)}>
      {center.review_status === 3 && (
        <div
          role="alert"
          className="rounded border p-3 text-sm bg-panel border-line border-down"
          data-testid="identity-rejected"
        >
          <p className="font-semibold text-down">{t('identity.rejected')}</p>
          <p>{t('identity.rejectedText', { reason: center.reason ?? '' })}</p>
        </div>
      )}
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField
          label={t('identity.name')}
          placeholder={t('identity.namePlaceholder')}
          value={name}
          maxLength={64}
          autoComplete="name"
          required
          onChange={(event) => setName(event.target.value)}
        />
        <TextField
          label={t('identity.cardId')}
          placeholder={t('identity.cardIdPlaceholder')}
          value={cardId}
          maxLength={32}
          autoComplete="off"
          required
          onChange={(event) => setCardId(event.target.value)}
        />
      </div>
      <div className="grid gap-4 sm:grid-cols-3">
        <ImagePicker
          label={t('identity.front')}
          purpose="identity"
          required
          testId="pick-front"
          onChange={setFront}
        />
        <ImagePicker
          label={t('identity.back')}
          purpose="identity"
          required
          testId="pick-back"
          onChange={setBack}
        />
        <ImagePicker label={t('identity.hand')} purpose="identity" testId="pick-hand" onChange={setHand} />
      </div>
      <p className="text-xs text-muted">{t('identity.privacy')}</p>
      <Button variant="primary" type="submit" className="self-start" disabled={busy || uploading}>
        {busy ? t('identity.submitting') : t('identity.submit')}
      </Button>
    </form>
  );
}

/**
 * Authentication (docs/personal.md): the real-name form while nothing is submitted (0) or after a
 * rejection (3, with the reason), "under review" (1), "certified" (2).
 */
export function AuthenticationPage() {
  const { t } = useTranslation();
  const center = useIdentityCenter();
  return (
    <div className="flex flex-col gap-4">
      <h1 className="text-lg font-semibold">{t('identity.title')}</h1>
      <QueryState query={center} skeleton={{ rows: 5, rowClass: 'h-9' }}>
        {(data) =>
          data.review_status === 1 || data.review_status === 2 ? (
            <StatusPanel center={data} />
          ) : (
            <IdentityForm center={data} />
          )
        }
      </QueryState>
    </div>
  );
}
