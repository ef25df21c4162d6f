import type { PayMethodCode, PayMethodSaveRequest, PayMethodView } from '@oex/protocol';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { TextField } from '../../components/auth-form.js';
import { useToasts } from '../../components/toast.js';
import {
  usePayMethodTypes,
  useSavedPayMethod,
  useSavePayMethod,
} from '../../features/personal/pay-methods.js';
import { useExchangeTimeZone } from '../../features/content/news.js';
import { formatInZone } from '../../lib/format.js';
import { ImagePicker, type PickedImage } from './ImagePicker.js';
import { Button, QueryState } from '../../components/ui/index.js';

function SavedSummary({ method, typeName }: { method: PayMethodView | null; typeName: string }) {
  const timeZone = useExchangeTimeZone();
  const { t } = useTranslation();
  if (!method) {
    return (
      <p className="text-sm text-muted" data-testid="pay-method-saved">
        {t('payMethod.notSaved', { type: typeName })}
      </p>
    );
  }
  const rows: [string, string][] =
    method.type === 'bank'
      ? [
          [t('payMethod.realName'), method.raw_data.real_name],
          [t('payMethod.bankName'), method.raw_data.bank_name],
          [t('payMethod.bankAddress'), method.raw_data.bank_address],
          [t('payMethod.cardNo'), method.raw_data.card_no],
        ]
      : [
          [t('payMethod.realName'), method.raw_data.real_name],
          [t('payMethod.account'), method.raw_data.account],
        ];
  return (
    <section
      className="rounded border p-3 text-sm bg-panel border-line"
      aria-labelledby="saved-method"
      data-testid="pay-method-saved"
    >
      <h2 id="saved-method" className="mb-1 font-semibold">
        {t('payMethod.saved', { type: typeName })}
      </h2>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-muted">{label}</dt>
            <dd className="break-all">{value}</dd>
          </div>
        ))}
      </dl>
      <p className="mt-1 text-xs text-muted">
        {t('payMethod.updated', { time: formatInZone(method.updated_at, timeZone) })}
      </p>
    </section>
  );
}

function MethodForm({ type, saved }: { type: PayMethodCode; saved: PayMethodView | null }) {
  const { t } = useTranslation();
  const toast = useToasts((state) => state.show);
  const save = useSavePayMethod();
  const wallet = saved && saved.type !== 'bank' ? saved.raw_data : null;
  const bank = saved && saved.type === 'bank' ? saved.raw_data : null;
  const [realName, setRealName] = useState(saved?.raw_data.real_name ?? '');
  const [account, setAccount] = useState(wallet?.account ?? '');
  const [qrcode, setQrcode] = useState<PickedImage>(
    wallet ? { state: 'done', id: wallet.qrcode_id } : { state: 'empty' },
  );
  const [bankName, setBankName] = useState(bank?.bank_name ?? '');
  const [bankAddress, setBankAddress] = useState(bank?.bank_address ?? '');
  const [cardNo, setCardNo] = useState(bank?.card_no ?? '');
  const [busy, setBusy] = useState(false);

  const request = (): PayMethodSaveRequest | string => {
    if (!realName.trim()) return t('payMethod.errors.realName');
    if (type === 'bank') {
      if (!bankName.trim()) return t('payMethod.errors.bankName');
      if (!bankAddress.trim()) return t('payMethod.errors.bankAddress');
      if (!/^\d{8,30}$/.test(cardNo.replace(/[\s-]/g, ''))) return t('payMethod.errors.cardNo');
      return {
        type,
        raw_data: { real_name: realName, bank_name: bankName, bank_address: bankAddress, card_no: cardNo },
      };
    }
    if (!account.trim()) return t('payMethod.errors.account');
    if (qrcode.state === 'uploading') return t('identity.errors.uploading');
    if (qrcode.state !== 'done') return t('payMethod.errors.qrcode');
    return { type, raw_data: { real_name: realName, account, qrcode: qrcode.id } };
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const next = request();
    if (typeof next === 'string') {
      toast('error', next);
      return;
    }
    setBusy(true);
    try {
      await save(next);
    } catch {
      // The client has shown the server's message.
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="flex flex-col gap-3" noValidate onSubmit={(event) => void onSubmit(event)}>
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField
          label={t('payMethod.realName')}
          value={realName}
          maxLength={64}
          required
          autoComplete="name"
          onChange={(event) => setRealName(event.target.value)}
        />
        {type === 'bank' ? (
          <>
            <TextField
              label={t('payMethod.bankName')}
              value={bankName}
              maxLength={64}
              required
              onChange={(event) => setBankName(event.target.value)}
            />
            <TextField
              label={t('payMethod.bankAddress')}
              value={bankAddress}
              maxLength={128}
              required
              onChange={(event) => setBankAddress(event.target.value)}
            />
            <TextField
              label={t('payMethod.cardNo')}
              value={cardNo}
              maxLength={40}
              inputMode="numeric"
              autoComplete="off"
              required
              onChange={(event) => setCardNo(event.target.value)}
            />
          </>
        ) : (
          <TextField
            label={t('payMethod.account')}
            value={account}
            maxLength={64}
            autoComplete="off"
            required
            onChange={(event) => setAccount(event.target.value)}
          />
        )}
      </div>
      {type !== 'bank' && (
        <ImagePicker
          label={t('payMethod.qrcode')}
          purpose="pay_qrcode"
          required
          savedUrl={wallet?.qrcode ?? null}
          testId="pick-qrcode"
          onChange={setQrcode}
        />
      )}
      <Button variant="primary" type="submit" className="self-start" disabled={busy}>
        {t('payMethod.save')}
      </Button>
    </form>
  );
}

function MethodOfType({ type, typeName }: { type: PayMethodCode; typeName: string }) {
  const saved = useSavedPayMethod(type);
  return (
    <QueryState query={saved} skeleton={{ rows: 4, rowClass: 'h-9' }}>
      {(method) => (
        <div className="flex flex-col gap-4">
          <SavedSummary method={method} typeName={typeName} />
          {/* A new form per saved version, so it starts from what is saved. */}
          <MethodForm key={`${type}-${method?.updated_at ?? 0}`} type={type} saved={method} />
        </div>
      )}
    </QueryState>
  );
}

/**
 * Collection settings (docs/personal.md): pick a payment method type, then fill its form; the
 * saved method of that type is shown above and fills the form. Alipay and WeChat Pay take the
 * receiving QR code as an upload.
 */
export function CollectionSettingsPage() {
  const { t } = useTranslation();
  const types = usePayMethodTypes();
  const [type, setType] = useState<PayMethodCode>('alipay');
  return (
    <div className="flex flex-col gap-4">
      <h1 className="text-lg font-semibold">{t('payMethod.title')}</h1>
      <p className="text-sm text-muted">{t('payMethod.intro')}</p>
      <QueryState query={types} skeleton={{ rows: 1, rowClass: 'h-9' }}>
        {(all) => (
          <>
            <fieldset className="flex flex-wrap gap-2">
              <legend className="mb-1 text-sm text-muted">{t('payMethod.type')}</legend>
              {all.map((option) => (
                <label
                  key={option.code}
                  className={`flex cursor-pointer items-center gap-2 rounded border bg-panel px-3 py-1.5 text-sm ${option.code === type ? 'border-accent' : 'border-line'}`}
                >
                  <input
                    type="radio"
                    name="pay-type"
                    value={option.code}
                    checked={option.code === type}
                    onChange={() => setType(option.code)}
                  />
                  {option.name}
                </label>
              ))}
            </fieldset>
            <MethodOfType
              key={type}
              type={type}
              typeName={all.find((option) => option.code === type)?.name ?? type}
            />
          </>
        )}
      </QueryState>
    </div>
  );
}
