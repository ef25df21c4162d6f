import type { BoundAddressView } from '@oex/protocol';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  bindAddress,
  sendBindCode,
  unbindAddress,
  useBoundAddresses,
  useCurrencyProtocols,
} from '../../features/assets/queries.js';
import { CODE_COUNTDOWN_S } from '../../features/assets/rules.js';
import { failureText } from './parts.js';
import {
  ConfirmDialog,
  inputClass,
  QueryState,
  RecordTable,
  type DialogHandle,
  type FormNote,
  FormNoteLine,
  SelectField,
  SubmitButton,
  TextField,
  Button,
} from '../../components/ui/index.js';

/** Seconds left before the code can be sent again; counts down once a second. */
function useCountdown(): [number, () => void] {
  const [left, setLeft] = useState(0);
  useEffect(() => {
    if (left <= 0) return;
    const timer = setTimeout(() => setLeft(left - 1), 1000);
    return () => clearTimeout(timer);
  }, [left]);
  return [left, () => setLeft(CODE_COUNTDOWN_S)];
}

function AddressBook({ onChanged }: { onChanged(): void }) {
  const { t } = useTranslation();
  const addresses = useBoundAddresses(undefined);
  const dialog = useRef<DialogHandle>(null);
  const [doomed, setDoomed] = useState<BoundAddressView | null>(null);
  const [busy, setBusy] = useState(false);
  const remove = async () => {
    if (!doomed) return;
    setBusy(true);
    try {
      await unbindAddress(doomed.id);
      dialog.current?.close();
      setDoomed(null);
      void addresses.refetch();
      onChanged();
    } catch {
      // The client has shown the server's message.
    } finally {
      setBusy(false);
    }
  };
  return (
    <section aria-labelledby="book-title" className="flex flex-col gap-2">
      <h2 id="book-title" className="text-base font-semibold">
        {t('assets.addressBook')}
      </h2>
      <QueryState query={addresses} isEmpty={(data) => data.length === 0} empty={t('assets.noAddresses')}>
        {(data) => (
          <RecordTable
            label={t('assets.addressBook')}
            testId="address-book"
            className="min-w-[40rem] text-sm"
            columns={[
              { title: t('assets.columns.currency') },
              { title: t('assets.columns.network') },
              { title: t('assets.columns.address') },
              { title: t('assets.columns.notes') },
              { title: t('assets.columns.time') },
            ]}
            actionTitle={t('assets.columns.action')}
          >
            {data.map((entry) => (
              <tr key={entry.id} className="border-t border-line" data-address-id={entry.id}>
                <td className="px-2 py-1.5">{entry.currency_code}</td>
                <td className="px-2 py-1.5">{entry.chain}</td>
                <td className="px-2 py-1.5 font-mono text-xs break-all">
                  {entry.address}
                  {entry.memo && <span className="text-muted"> · {entry.memo}</span>}
                </td>
                <td className="px-2 py-1.5">{entry.notes}</td>
                <td className="px-2 py-1.5 whitespace-nowrap tabular-nums">{entry.created_at}</td>
                <td className="px-2 py-1.5 text-right">
                  <Button
                    className="text-down"
                    aria-label={t('assets.deleteAddress', { address: entry.address })}
                    onClick={() => {
                      setDoomed(entry);
                      dialog.current?.showModal();
                    }}
                  >
                    {t('assets.delete')}
                  </Button>
                </td>
              </tr>
            ))}
          </RecordTable>
        )}
      </QueryState>
      <ConfirmDialog
        ref={dialog}
        titleId="unbind-title"
        title={t('assets.confirmDelete')}
        confirm={t('assets.delete')}
        busy={busy}
        onConfirm={() => void remove()}
        onClose={() => setDoomed(null)}
      >
        <p className="mb-3 font-mono text-xs break-all">
          {doomed?.currency_code} · {doomed?.chain} · {doomed?.address}
        </p>
      </ConfirmDialog>
    </section>
  );
}

/**
 * Bind a withdrawal address (docs/wallet.md): currency, network when several, address, memo when the
 * network needs one, a name, and a code sent to the user's own email or phone (59 s before it can
 * be sent again); below, the address book with delete (confirmed first).
 */
export function BindAddrPage() {
  const { t } = useTranslation();
  const protocols = useCurrencyProtocols();
  const [currencyId, setCurrencyId] = useState<number | null>(null);
  const [protocolId, setProtocolId] = useState<number | null>(null);
  const [address, setAddress] = useState('');
  const [memo, setMemo] = useState('');
  const [notes, setNotes] = useState('');
  const [code, setCode] = useState('');
  const [left, startCountdown] = useCountdown();
  const [message, setMessage] = useState<FormNote | null>(null);
  const [busy, setBusy] = useState(false);
  const book = useBoundAddresses(undefined);

  return (
    <div className="flex flex-col gap-6">
      <section aria-labelledby="bind-title" className="flex flex-col gap-3">
        <h1 id="bind-title" className="text-lg font-semibold">
          {t('assets.bindTitle')}
        </h1>
        <QueryState query={protocols} skeleton={{ rows: 6, rowClass: 'h-9' }}>
          {(all) => {
            const withNetworks = all.filter((currency) => currency.currency_protocols.length > 0);
            const currency = withNetworks.find((candidate) => candidate.id === currencyId) ?? withNetworks[0];
            if (!currency) return <p>{t('assets.noNetworks')}</p>;
            const networks = currency.currency_protocols;
            const network = networks.find((candidate) => candidate.id === protocolId) ?? networks[0]!;

            const sendCode = async () => {
              setMessage(null);
              try {
                const sent = await sendBindCode();
                startCountdown();
                setMessage({ kind: 'done', text: t('assets.codeSentTo', { to: sent.to }) });
              } catch (error) {
                setMessage({
                  kind: 'error',
                  text: failureText(error),
                });
              }
            };

            const bind = async (event: React.FormEvent) => {
              event.preventDefault();
              if (!address.trim()) return setMessage({ kind: 'error', text: t('assets.problem.address') });
              if (network.memo_required === 1 && !memo.trim()) {
                return setMessage({ kind: 'error', text: t('assets.problem.memo') });
              }
              if (!/^\d{6}$/.test(code.trim()))
                return setMessage({ kind: 'error', text: t('assets.problem.code') });
              setBusy(true);
              setMessage(null);
              try {
                await bindAddress({
                  currency_id: currency.id,
                  currency_protocol_id: network.id,
                  address,
                  memo,
                  notes,
                  code,
                });
                setMessage({ kind: 'done', text: t('assets.bound', { address: address.trim() }) });
                setAddress('');
                setMemo('');
                setNotes('');
                setCode('');
                void book.refetch();
              } catch (error) {
                setMessage({
                  kind: 'error',
                  text: failureText(error),
                });
              } finally {
                setBusy(false);
              }
            };

            return (
              <form
                onSubmit={(event) => void bind(event)}
                noValidate
                aria-labelledby="bind-title"
                className="flex max-w-xl flex-col gap-3 rounded-lg border p-4 text-sm bg-panel border-line"
              >
                <div className="flex flex-col gap-3 sm:flex-row">
                  <SelectField
                    id="bind-currency"
                    label={t('assets.currency')}
                    className="flex flex-1 flex-col gap-1"
                    value={currency.id}
                    options={withNetworks.map((candidate) => ({ value: candidate.id, text: candidate.code }))}
                    onChange={(id) => {
                      setCurrencyId(id);
                      setProtocolId(null);
                      setMemo('');
                    }}
                  />
                  {networks.length > 1 && (
                    <SelectField
                      id="bind-network"
                      label={t('assets.network')}
                      className="flex flex-1 flex-col gap-1"
                      value={network.id}
                      options={networks.map((candidate) => ({
                        value: candidate.id,
                        text: candidate.chain_protocol.code,
                      }))}
                      onChange={setProtocolId}
                    />
                  )}
                </div>
                <TextField
                  id="bind-address"
                  label={t('assets.address')}
                  className="font-mono text-xs"
                  value={address}
                  maxLength={128}
                  spellCheck={false}
                  onChange={setAddress}
                />
                {network.memo_required === 1 && (
                  <TextField
                    id="bind-memo"
                    label={t('assets.memo')}
                    value={memo}
                    maxLength={64}
                    onChange={setMemo}
                  />
                )}
                <TextField
                  id="bind-notes"
                  label={t('assets.notes')}
                  value={notes}
                  maxLength={40}
                  placeholder={t('assets.notesPlaceholder')}
                  onChange={setNotes}
                />
                <div className="flex flex-col gap-1">
                  <label htmlFor="bind-code" className="text-muted">
                    {t('assets.code')}
                  </label>
                  <div className="flex gap-2">
                    <input
                      id="bind-code"
                      className={`${inputClass} tabular-nums`}
                      value={code}
                      inputMode="numeric"
                      autoComplete="one-time-code"
                      maxLength={6}
                      onChange={(event) => setCode(event.target.value.replace(/\D/g, ''))}
                    />
                    <Button
                      className="shrink-0 whitespace-nowrap"
                      disabled={left > 0}
                      onClick={() => void sendCode()}
                    >
                      {left > 0 ? t('assets.resendIn', { seconds: left }) : t('assets.sendCode')}
                    </Button>
                  </div>
                  <p className="text-xs text-muted">{t('assets.codeHint')}</p>
                </div>
                <FormNoteLine note={message} />
                <SubmitButton disabled={busy} className="self-end">
                  {t('assets.bind')}
                </SubmitButton>
              </form>
            );
          }}
        </QueryState>
      </section>
      <AddressBook onChanged={() => setMessage(null)} />
    </div>
  );
}
