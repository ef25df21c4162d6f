import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { transfer, useAccountGroups, useAssetsRefresh } from '../../features/assets/queries.js';
import {
  amountProblem,
  answerLost,
  chooseAccount,
  requestFor,
  type PendingRequest,
} from '../../features/assets/rules.js';
import { BalanceFigure, failureText } from './parts.js';
import {
  QueryState,
  AllButton,
  AmountField,
  type FormNote,
  FormNoteLine,
  SelectField,
  SubmitButton,
  Button,
} from '../../components/ui/index.js';

/**
 * The accounts the form starts with: `?from=<account type>` (an account page's transfer link) sends
 * from that account to the spot account; `?to=<account type>` (the seconds-contract page's
 * "transfer in") sends from the spot account to that one; otherwise the spot account sends to the
 * leverage account.
 */
function startingPair(from: string | null, to: string | null): { from: number; to: number } {
  const other = (text: string | null) => {
    const id = Number(text);
    return Number.isInteger(id) && id >= 2 && id <= 5 ? id : null;
  };
  const source = other(from);
  if (source !== null) return { from: source, to: 1 };
  return { from: 1, to: other(to) ?? 3 };
}

/**
 * Transfer between the user's own accounts: currency, from and to (choosing one side
 * as the other swaps them, so they never collide), the source balance, the amount with "all", and a
 * link to the transfer log. A refused transfer changes nothing and says why.
 */
export function TransferPage() {
  const { t } = useTranslation();
  const groups = useAccountGroups();
  const refresh = useAssetsRefresh();
  const [params] = useSearchParams();
  const [currencyId, setCurrencyId] = useState<number | null>(
    () => Number(params.get('currency_id')) || null,
  );
  const [pair, setPair] = useState(() => startingPair(params.get('from'), params.get('to')));
  const [amount, setAmount] = useState('');
  const [message, setMessage] = useState<FormNote | null>(null);
  const [busy, setBusy] = useState(false);
  const inFlight = useRef(false);
  // The submission whose answer was lost, if any: sending the same again reuses its request id.
  const pending = useRef<PendingRequest | null>(null);

  return (
    <section aria-labelledby="transfer-title" className="flex flex-col gap-4">
      <h1 id="transfer-title" className="text-lg font-semibold">
        {t('assets.nav.transfer')}
      </h1>
      <QueryState query={groups} skeleton={{ rows: 5, rowClass: 'h-9' }}>
        {(data) => {
          const currencies = data[0]?.accounts.map((account) => account.currency) ?? [];
          const currency = currencies.find((candidate) => candidate.id === currencyId) ?? currencies[0];
          if (!currency) return null;
          const types = data.map((group) => group.account_type_id);
          const source = data
            .find((group) => group.account_type_id === pair.from)
            ?.accounts.find((account) => account.currency_id === currency.id);
          const target = data
            .find((group) => group.account_type_id === pair.to)
            ?.accounts.find((account) => account.currency_id === currency.id);
          const available = source?.balance ?? '0';

          const submit = async (event: React.FormEvent) => {
            event.preventDefault();
            if (inFlight.current) return;
            const problem = amountProblem(amount, { available, decimals: currency.decimals });
            if (problem) {
              setMessage({
                kind: 'error',
                text: t(problem.key, { ...problem.params, currency: currency.code }),
              });
              return;
            }
            inFlight.current = true;
            setBusy(true);
            setMessage(null);
            const body = { currency_id: currency.id, balance: amount, from: pair.from, to: pair.to };
            const request = requestFor(pending.current, JSON.stringify(body));
            pending.current = request;
            try {
              await transfer({ ...body, request_id: request.id });
              pending.current = null;
              setMessage({
                kind: 'done',
                text: t('assets.transferred', {
                  amount,
                  currency: currency.code,
                  from: data.find((group) => group.account_type_id === pair.from)?.name,
                  to: data.find((group) => group.account_type_id === pair.to)?.name,
                }),
              });
              setAmount('');
              refresh();
            } catch (error) {
              setMessage({ kind: 'error', text: failureText(error) });
              if (!answerLost(error)) pending.current = null;
            } finally {
              inFlight.current = false;
              setBusy(false);
            }
          };

          const accountSelect = (side: 'from' | 'to') => (
            <SelectField
              id={`transfer-${side}`}
              label={t(side === 'from' ? 'assets.from' : 'assets.to')}
              className="flex flex-1 flex-col gap-1"
              value={pair[side]}
              options={data.map((group) => ({ value: group.account_type_id, text: group.name }))}
              onChange={(id) => {
                setPair(chooseAccount(pair, side, id, types));
                setMessage(null);
              }}
            />
          );

          return (
            <form
              onSubmit={(event) => void submit(event)}
              noValidate
              aria-labelledby="transfer-title"
              className="flex max-w-xl flex-col gap-4 rounded-lg border p-4 text-sm bg-panel border-line"
            >
              <SelectField
                id="transfer-currency"
                label={t('assets.currency')}
                value={currency.id}
                options={currencies.map((candidate) => ({ value: candidate.id, text: candidate.code }))}
                onChange={(id) => {
                  setCurrencyId(id);
                  setAmount('');
                  setMessage(null);
                }}
              />
              <div className="flex flex-col items-stretch gap-2 sm:flex-row sm:items-end">
                {accountSelect('from')}
                <Button
                  className="self-center sm:self-end sm:py-1.5"
                  aria-label={t('assets.swap')}
                  title={t('assets.swap')}
                  onClick={() => setPair({ from: pair.to, to: pair.from })}
                >
                  ⇄
                </Button>
                {accountSelect('to')}
              </div>
              <p className="flex flex-wrap justify-between gap-2 text-xs text-muted">
                <span>
                  <BalanceFigure
                    label={t('assets.available')}
                    amount={available}
                    decimals={currency.decimals}
                    code={currency.code}
                    testId="source-balance"
                    exposeValue
                  />
                </span>
                <span>
                  <BalanceFigure
                    label={t('assets.inTarget')}
                    amount={target?.balance ?? '0'}
                    decimals={currency.decimals}
                    code={currency.code}
                    testId="target-balance"
                    exposeValue
                  />
                </span>
              </p>
              <AmountField
                id="transfer-amount"
                label={t('assets.amount')}
                decimals={currency.decimals}
                value={amount}
                placeholder={t('assets.amountPlaceholder', { currency: currency.code })}
                onAmount={(value) => {
                  setAmount(value);
                  setMessage(null);
                }}
                onRefused={(text) => setMessage({ kind: 'error', text })}
                action={<AllButton onClick={() => setAmount(available)} />}
              />
              <FormNoteLine note={message} />
              <div className="flex flex-wrap items-center justify-between gap-3">
                <Link
                  to={`/assets/transferLog?currency_id=${currency.id}&currency_code=${currency.code}`}
                  className="text-accent"
                >
                  {t('assets.transferLog')}
                </Link>
                <SubmitButton disabled={busy}>{t('assets.confirmTransfer')}</SubmitButton>
              </div>
            </form>
          );
        }}
      </QueryState>
    </section>
  );
}
