import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { inviteLink, securityLabel, securityLevel } from '../../features/personal/rules.js';
import { useAuthorizationCode, useReloadPersonal, useUserInfo } from '../../features/personal/security.js';
import { BindPhoneForm } from './BindPhoneForm.js';
import { CopyText, Panel, SettingRow } from './parts.js';
import { SessionsPanel } from './SessionsPanel.js';
import { TwoFactorPanel } from './TwoFactorPanel.js';
import { Button, buttonClass, QueryState } from '../../components/ui/index.js';

/** Each level's colour, as the bar's fill and as its word's text. */
const LEVEL_COLOURS = {
  low: { bar: 'bg-down', text: 'text-down' },
  middle: { bar: 'bg-accent', text: 'text-accent' },
  high: { bar: 'bg-up', text: 'text-up' },
  strong: { bar: 'bg-up', text: 'text-up' },
};

/** The security bar: 50 % base, +25 for a phone, an email and certified identity. */
function SecurityBar({ level }: { level: number }) {
  const { t } = useTranslation();
  const label = securityLabel(level);
  return (
    <div className="flex items-center gap-3" data-testid="security-level" data-level={level}>
      <span className="text-muted">{t('settings.security')}</span>
      <div
        role="progressbar"
        aria-label={t('settings.security')}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={level}
        aria-valuetext={`${level}% ${t(`settings.level.${label}`)}`}
        className="h-2 w-24 overflow-hidden rounded sm:w-40 bg-line"
      >
        {/* The width is the user's level, known only when the account arrives. */}
        <div className={`h-full rounded ${LEVEL_COLOURS[label].bar}`} style={{ width: `${level}%` }} />
      </div>
      <span className={`font-semibold ${LEVEL_COLOURS[label].text}`}>{t(`settings.level.${label}`)}</span>
    </div>
  );
}

/** Account settings (docs/personal.md): security, invite, bindings, passwords, agent code, two-factor, sessions. */
export function AccountSettingsPage() {
  const { t } = useTranslation();
  const user = useUserInfo();
  const authCode = useAuthorizationCode();
  const reload = useReloadPersonal();
  const [bindingPhone, setBindingPhone] = useState(false);
  const action = `${buttonClass} text-sm text-accent`;

  return (
    <div className="flex flex-col gap-4">
      <h1 className="text-xl font-semibold">{t('settings.title')}</h1>
      <QueryState query={user} skeleton={{ rows: 8 }}>
        {(info) => (
          <Panel
            title={t('settings.account')}
            titleId="settings-account"
            aside={<SecurityBar level={securityLevel(info)} />}
          >
            <div className="text-sm">
              <SettingRow
                label={t('settings.invite')}
                value={<code data-testid="invite-code">{info.invite_code}</code>}
              >
                <CopyText
                  text={inviteLink(window.location.origin, info.invite_code)}
                  label={t('settings.copyLink')}
                />
              </SettingRow>
              <SettingRow
                label={t('settings.phone')}
                testId="phone-row"
                value={
                  info.mobile ? (
                    `+${info.area_code ?? ''} ${info.mobile}`
                  ) : (
                    <span className="text-muted">{t('settings.notBound')}</span>
                  )
                }
              >
                {!info.mobile && !bindingPhone && (
                  <Button className="text-sm text-accent" onClick={() => setBindingPhone(true)}>
                    {t('settings.bind')}
                  </Button>
                )}
              </SettingRow>
              {bindingPhone && !info.mobile && (
                <div className="max-w-sm pb-2">
                  <BindPhoneForm
                    onCancel={() => setBindingPhone(false)}
                    onBound={() => {
                      setBindingPhone(false);
                      void reload('info');
                    }}
                  />
                </div>
              )}
              <SettingRow
                label={t('settings.email')}
                testId="email-row"
                value={info.email ?? <span className="text-muted">{t('settings.notBound')}</span>}
              >
                {!info.email && (
                  <Link to="/bindAccount" className={action}>
                    {t('settings.bind')}
                  </Link>
                )}
              </SettingRow>
              <SettingRow label={t('settings.loginPassword')} value="••••••••">
                <Link to="/resetPassword" className={action}>
                  {t('settings.change')}
                </Link>
              </SettingRow>
              <SettingRow
                label={t('settings.tradePassword')}
                testId="trade-row"
                value={
                  info.has_pay_password ? (
                    t('settings.isSet')
                  ) : (
                    <span className="text-muted">{t('settings.notSet')}</span>
                  )
                }
              >
                <Link to="/tradePassword" className={action}>
                  {info.has_pay_password ? t('settings.change') : t('settings.set')}
                </Link>
              </SettingRow>
              <SettingRow
                label={t('settings.identity')}
                value={
                  info.review_status === 2
                    ? t('settings.certified')
                    : info.review_status === 1
                      ? t('settings.underReview')
                      : info.review_status === 3
                        ? t('identity.rejected')
                        : t('settings.notCertified')
                }
              >
                {(info.review_status === 0 || info.review_status === 3) && (
                  <Link to="/personal/authentication" className={action}>
                    {t('settings.certify')}
                  </Link>
                )}
              </SettingRow>
              <SettingRow
                label={t('settings.authCode')}
                value={
                  <span>
                    <code data-testid="auth-code">{authCode.data ?? '…'}</code>
                    <span className="block text-xs text-muted">{t('settings.authCodeHint')}</span>
                  </span>
                }
              >
                <CopyText text={authCode.data ?? ''} label={t('settings.copyAuthCode')} />
              </SettingRow>
            </div>
          </Panel>
        )}
      </QueryState>
      <TwoFactorPanel />
      <SessionsPanel />
    </div>
  );
}
