import type { SessionView } from '@oex/protocol';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { deviceName } from '../../features/personal/rules.js';
import {
  endOtherSessions,
  endSession,
  useReloadPersonal,
  useSessions,
} from '../../features/personal/security.js';
import { formatInZone, zoneLabel } from '../../lib/format.js';
import { useExchangeTimeZone } from '../../features/content/news.js';
import { Panel } from './parts.js';
import {
  Button,
  ConfirmDialog,
  type DialogHandle,
  QueryState,
  RecordTable,
} from '../../components/ui/index.js';

/** The signed-in devices, with sign-out of one and of every other (after a confirmation). */
export function SessionsPanel() {
  const { t } = useTranslation();
  const sessions = useSessions();
  // Exchange time, as on every other page, and said which zone it is.
  const zone = useExchangeTimeZone();
  const reload = useReloadPersonal();
  const dialog = useRef<DialogHandle>(null);
  /** The session to end, or 'others'. */
  const [doomed, setDoomed] = useState<SessionView | 'others' | null>(null);
  const [busy, setBusy] = useState(false);
  const others = (sessions.data ?? []).filter((session) => !session.current).length;

  const ask = (target: SessionView | 'others') => {
    setDoomed(target);
    dialog.current?.showModal();
  };
  const end = async () => {
    if (!doomed) return;
    setBusy(true);
    try {
      await (doomed === 'others' ? endOtherSessions() : endSession(doomed.id));
      dialog.current?.close();
      await reload('sessions');
    } catch {
      // The client has shown the server's message.
    } finally {
      setBusy(false);
    }
  };

  return (
    <Panel
      title={t('sessions.title')}
      titleId="sessions-title"
      aside={
        <Button className="text-sm text-down" disabled={others === 0} onClick={() => ask('others')}>
          {t('sessions.endOthers')}
        </Button>
      }
    >
      <QueryState query={sessions} skeleton={{ rows: 2 }}>
        {(rows) => (
          <RecordTable
            label={t('sessions.title')}
            testId="sessions"
            className="min-w-[36rem] text-sm"
            columns={[
              { title: t('sessions.device') },
              { title: t('sessions.ip') },
              { title: t('sessions.opened') },
              { title: t('sessions.lastSeen') },
            ]}
            actionTitle={t('sessions.actions')}
          >
            {rows.map((session) => (
              <tr key={session.id} className="border-t border-line" data-session-id={session.id}>
                <td className="px-2 py-1.5">
                  {deviceName(session.user_agent) || t('sessions.unknownDevice')}
                  {session.current && <span className="ml-2 text-xs text-up">{t('sessions.current')}</span>}
                </td>
                <td className="px-2 py-1.5 tabular-nums text-muted">{session.ip}</td>
                <td className="px-2 py-1.5 whitespace-nowrap tabular-nums">
                  {formatInZone(session.created_at, zone)}
                </td>
                <td className="px-2 py-1.5 whitespace-nowrap tabular-nums">
                  {formatInZone(session.last_seen_at, zone)}
                </td>
                <td className="px-2 py-1.5 text-right">
                  {!session.current && (
                    <Button
                      aria-label={t('sessions.endOne', {
                        device: deviceName(session.user_agent) || session.ip,
                      })}
                      onClick={() => ask(session)}
                    >
                      {t('sessions.end')}
                    </Button>
                  )}
                </td>
              </tr>
            ))}
          </RecordTable>
        )}
      </QueryState>
      <p className="mt-2 text-xs text-muted" data-testid="sessions-zone">
        {t('time.zoneNote', { zone: zoneLabel(zone) })}
      </p>
      <ConfirmDialog
        ref={dialog}
        titleId="session-end-title"
        title={doomed === 'others' ? t('sessions.confirmOthers') : t('sessions.confirmOne')}
        confirm={t('sessions.end')}
        busy={busy}
        onConfirm={() => void end()}
      >
        <p className="mb-3 text-muted">{t('sessions.confirmNote')}</p>
      </ConfirmDialog>
    </Panel>
  );
}
