import type { CurrencyView, WithdrawRequest } from '@oex/protocol';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  useAssetsRefresh,
  useBoundAddresses,
  useCurrencyProtocols,
  useWithdrawals,
  withdraw,
} from '../../features/assets/queries.js';
import {
  amountProblem,
  answerLost,
  feePercent,
  networkClosure,
  newRequestId,
  withdrawalFigures,
  type AmountProblem,
} from '../../features/assets/rules.js';
import { useTotpStatus } from '../../features/personal/security.js';
import { currentLang } from '../../i18n/index.js';
import { WithdrawalsTable } from './WalletTables.js';
import { AvailableAside, failureText, formatAmount, NetworkClosedNote, PanelFrame } from './parts.js';
import {
  ConfirmDialog,
  Empty,
  inputClass,
  QueryState,
  type DialogHandle,
  AllButton,
  AmountField,
  Field,
  SelectField,
  SubmitButton,
  TextField,
} from '../../components/ui/index.js';

const RECENT = 5;

function Fact({ term, children, testId }: { term: string; children: React.ReactNode; testId?: string }) {
  return (
    <div className="flex justify-between gap-4">
      <dt className="text-muted">{term}</dt>
      <dd className="text-right tabular-nums break-all" data-testid={testId}>
        {children}
      </dd>
    </div>
  );
}

/**
 * The withdraw panel (docs/wallet.md): network, address (or one from the address book), amount with
 * the minimum as a hint, the fee and what arrives, computed exactly, memo when the network needs
 * one, the trade password, and a confirmation before the irreversible send. Each submission carries
 * its own request id, so a double click or a retry never withdraws twice.
 */
export function WithdrawPanel({
  currency,
  available,
  onClose,
}: {
  currency: CurrencyView;
  available: string;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const lang = currentLang();
  const protocols = useCurrencyProtocols();
  const book = useBoundAddresses(currency.id);
  const withdrawals = useWithdrawals(currency.id, 1, RECENT);
  const refresh = useAssetsRefresh();
  const [protocolId, setProtocolId] = useState<number | null>(null);
  const [address, setAddress] = useState('');
  const [memo, setMemo] = useState('');
  const [amount, setAmount] = useState('');
  const [password, setPassword] = useState('');
  // With two-factor sign-in on, a withdrawal also needs a code from the app (or a recovery code).
  const twoFactor = useTotpStatus().data?.enabled === true;
  const [totpCode, setTotpCode] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const request = useRef<WithdrawRequest | null>(null);
  const inFlight = useRef(false);
  const dialog = useRef<DialogHandle>(null);
  const ids = {
    network: useId(),
    address: useId(),
    book: useId(),
    memo: useId(),
    password: useId(),
    amount: useId(),
    hint: useId(),
    error: useId(),
  };

  return (
    <PanelFrame title={t('assets.withdrawOf', { currency: currency.code })} onClose={onClose}>
      <QueryState query={protocols} skeleton={{ rows: 6 }}>
        {(all) => {
          const networks = all.find((candidate) => candidate.id === currency.id)?.currency_protocols ?? [];
          if (networks.length === 0)
            return <Empty text={t('assets.noNetwork', { currency: currency.code })} />;
          const network = networks.find((candidate) => candidate.id === protocolId) ?? networks[0]!;
          const chain = network.chain_protocol.code;
          const decimals = Math.min(currency.decimals, network.decimals);
          const figures = withdrawalFigures(amount, currency.draw_rate);
          const saved = (book.data ?? []).filter((entry) => entry.currency_protocol_id === network.id);
          const closure = networkClosure(network, 'withdraw');
          const usable = closure === null;

          const check = (): AmountProblem | string | null => {
            if (!address.trim()) return t('assets.problem.address');
            const found = amountProblem(amount, {
              available,
              decimals,
              min: currency.draw_min,
              max: currency.draw_max,
            });
            if (found) return found;
            if (network.memo_required === 1 && !memo.trim()) return t('assets.problem.memo');
            if (!password) return t('assets.problem.password');
            if (twoFactor && !totpCode.trim()) return t('totp.emptyCode');
            return null;
          };

          const submit = (event: React.FormEvent) => {
            event.preventDefault();
            setServerError(null);
            const found = check();
            if (found) {
              setProblem(
                typeof found === 'string'
                  ? found
                  : t(found.key, { ...found.params, currency: currency.code }),
              );
              return;
            }
            setProblem(null);
            // One submission, one id: confirming twice, or a retry after a lost answer, sends the same.
            request.current = {
              currency_id: currency.id,
              currency_protocol_id: network.id,
              number: amount,
              address: address.trim(),
              memo: memo.trim(),
              pay_password: password,
              totp_code: twoFactor ? totpCode.trim() : undefined,
              request_id: newRequestId(),
            };
            dialog.current?.showModal();
          };

          const send = async () => {
            const body = request.current;
            if (!body || inFlight.current) return;
            inFlight.current = true;
            setBusy(true);
            setServerError(null);
            try {
              await withdraw(body);
              dialog.current?.close();
              request.current = null;
              setAmount('');
              setPassword('');
              setTotpCode('');
              refresh();
            } catch (error) {
              // The server's words, as they came (the client toasts them too).
              setServerError(failureText(error));
              // A refusal ends this submission. A lost answer (network, timeout, server error) may
              // hide a withdrawal that was made: the dialog stays, and confirming again sends the
              // same request id, which the server answers with that withdrawal instead of a second.
              if (!answerLost(error)) {
                dialog.current?.close();
                request.current = null;
              }
            } finally {
              inFlight.current = false;
              setBusy(false);
            }
          };

          return (
            <form
              onSubmit={submit}
              noValidate
              aria-label={t('assets.withdrawOf', { currency: currency.code })}
            >
              <div className="flex flex-col gap-3">
                {networks.length > 1 && (
                  <SelectField
                    id={ids.network}
                    label={t('assets.network')}
                    value={network.id}
                    options={networks.map((candidate) => ({
                      value: candidate.id,
                      text: candidate.chain_protocol.code,
                    }))}
                    onChange={(id) => {
                      setProtocolId(id);
                      setAddress('');
                      setMemo('');
                    }}
                  />
                )}
                {closure && <NetworkClosedNote closure={closure} network={chain} />}
                <TextField
                  id={ids.address}
                  label={t('assets.address')}
                  className="font-mono text-xs"
                  value={address}
                  maxLength={128}
                  spellCheck={false}
                  onChange={setAddress}
                />
                {saved.length > 0 && (
                  <Field id={ids.book} label={t('assets.pickSaved')}>
                    <select
                      id={ids.book}
                      className={inputClass}
                      value=""
                      onChange={(event) => {
                        const entry = saved.find((candidate) => candidate.id === Number(event.target.value));
                        if (!entry) return;
                        setAddress(entry.address);
                        setMemo(entry.memo);
                      }}
                    >
                      <option value="">{t('assets.choose')}</option>
                      {saved.map((entry) => (
                        <option key={entry.id} value={entry.id}>
                          {entry.notes ? `${entry.notes} · ` : ''}
                          {entry.address}
                        </option>
                      ))}
                    </select>
                  </Field>
                )}
                <p className="-mt-2 text-xs">
                  <Link to="/assets/bindAddr" className="text-accent">
                    {t('assets.manageAddresses')}
                  </Link>
                </p>
                {network.memo_required === 1 && (
                  <TextField
                    id={ids.memo}
                    label={t('assets.memo')}
                    value={memo}
                    maxLength={64}
                    onChange={setMemo}
                  />
                )}
                <div className="flex flex-col gap-1">
                  <AmountField
                    id={ids.amount}
                    label={t('assets.amount')}
                    aside={
                      <AvailableAside
                        amount={available}
                        decimals={currency.decimals}
                        code={currency.code}
                        testId="withdraw-available"
                      />
                    }
                    decimals={decimals}
                    value={amount}
                    placeholder={t('assets.minimum', { min: currency.draw_min, currency: currency.code })}
                    describedBy={ids.hint}
                    onAmount={setAmount}
                    onRefused={setProblem}
                    action={<AllButton onClick={() => setAmount(available)} />}
                  />
                  <p id={ids.hint} className="text-xs text-muted">
                    {t('assets.limits', {
                      min: formatAmount(currency.draw_min, decimals, lang),
                      max: formatAmount(currency.draw_max, decimals, lang),
                      currency: currency.code,
                    })}
                  </p>
                </div>
                <dl className="flex flex-col gap-1 rounded border p-2 text-xs border-line">
                  <Fact term={t('assets.feeRate')} testId="fee-percent">
                    {feePercent(currency.draw_rate)}%
                  </Fact>
                  <Fact term={t('assets.fee')} testId="fee">
                    {figures ? `${figures.fee} ${currency.code}` : '—'}
                  </Fact>
                  <Fact term={t('assets.received')} testId="received">
                    {figures ? `${figures.received} ${currency.code}` : '—'}
                  </Fact>
                </dl>
                <TextField
                  id={ids.password}
                  type="password"
                  label={t('assets.tradePassword')}
                  value={password}
                  maxLength={64}
                  onChange={setPassword}
                />
                {twoFactor && (
                  <TextField
                    id={`${ids.password}-totp`}
                    label={t('totp.code')}
                    value={totpCode}
                    maxLength={32}
                    onChange={setTotpCode}
                  />
                )}
                <p className="-mt-2 text-xs">
                  <Link to="/tradePassword" className="text-accent">
                    {t('assets.setTradePassword')}
                  </Link>
                </p>
                <div role="alert" id={ids.error} className="min-h-5 text-xs text-down">
                  {serverError ?? problem ?? ''}
                </div>
                <SubmitButton disabled={!usable || busy}>{t('assets.withdraw')}</SubmitButton>
              </div>
              <ConfirmDialog
                ref={dialog}
                titleId="withdraw-confirm-title"
                title={t('assets.confirmWithdraw')}
                confirm={t('assets.confirmSend')}
                busy={busy}
                onConfirm={() => void send()}
              >
                <p className="mb-3 text-xs text-down">
                  {t('assets.irreversible', { currency: currency.code, network: chain })}
                </p>
                <dl className="mb-3 flex flex-col gap-1 text-xs" data-testid="withdraw-summary">
                  <Fact term={t('assets.network')}>{chain}</Fact>
                  <Fact term={t('assets.address')}>
                    <span className="font-mono">{request.current?.address ?? address.trim()}</span>
                  </Fact>
                  {memo.trim() && <Fact term={t('assets.memo')}>{memo.trim()}</Fact>}
                  <Fact term={t('assets.amount')}>
                    {amount} {currency.code}
                  </Fact>
                  <Fact term={t('assets.fee')}>
                    {figures?.fee} {currency.code}
                  </Fact>
                  <Fact term={t('assets.received')}>
                    {figures?.received} {currency.code}
                  </Fact>
                </dl>
                {serverError && (
                  <p role="alert" className="mb-3 text-xs text-down">
                    {serverError}
                  </p>
                )}
              </ConfirmDialog>
            </form>
          );
        }}
      </QueryState>
      <h3 className="mt-2 font-medium">{t('assets.recentWithdrawals')}</h3>
      <QueryState
        query={withdrawals}
        isEmpty={(page) => page.data.length === 0}
        empty={t('assets.noWithdrawals')}
      >
        {(page) => <WithdrawalsTable rows={page.data} decimals={currency.decimals} compact />}
      </QueryState>
    </PanelFrame>
  );
}
