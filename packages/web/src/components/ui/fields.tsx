import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLang } from '../../i18n/index.js';
import { hintOf, readTyped, toInputText } from '../../lib/parse-number.js';
import { Button } from './Button.js';
import { inputClass } from './styles.js';

/** The kit's form pieces: labelled fields, the amount box, its "All" button, the submit button, the outcome line. */

/**
 * A labelled form field: the label names only its control (a wrapping label would add a select's
 * chosen option or a button's text to the name); `aside` sits at the label's end.
 */
export function Field({
  id,
  label,
  aside,
  className = 'flex flex-col gap-1',
  children,
}: {
  id: string;
  label: string;
  aside?: React.ReactNode;
  className?: string;
  children: React.ReactNode;
}) {
  return (
    <div className={className}>
      <div className="flex items-baseline justify-between gap-2">
        <label htmlFor={id} className="text-muted">
          {label}
        </label>
        {aside}
      </div>
      {children}
    </div>
  );
}

/** The "All" button of an amount field. */
export function AllButton({ onClick }: { onClick(): void }) {
  const { t } = useTranslation();
  return (
    <Button className="shrink-0 whitespace-nowrap" onClick={onClick}>
      {t('assets.all')}
    </Button>
  );
}

/**
 * A labelled amount box with a button beside it (`action`). The box keeps the text as typed
 * (parse-number reads the reader's marks and grouping; nothing is rewritten): a number of at most
 * `decimals` places goes to `onAmount`; any other text sends '' to `onAmount` and tells
 * `onRefused` why (translated). An amount set from outside (the All button) shows as the text.
 */
export function AmountField({
  id,
  label,
  aside,
  decimals,
  value,
  placeholder,
  describedBy,
  action,
  onAmount,
  onRefused,
}: {
  id: string;
  label: string;
  aside?: React.ReactNode;
  decimals: number;
  value: string;
  placeholder?: string;
  describedBy?: string;
  action: React.ReactNode;
  onAmount(value: string): void;
  onRefused(problem: string): void;
}) {
  const { t } = useTranslation();
  const lang = currentLang();
  const [text, setText] = useState(() => toInputText(value, lang));
  const shown = readTyped(text, lang, { decimals }).value;
  useEffect(() => {
    if (value !== shown) setText(toInputText(value, lang));
    // Only a change of the amount from outside rewrites the text.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `shown` and `lang` are read here, not watched
  }, [value]);
  return (
    <Field id={id} label={label} aside={aside}>
      <span className="flex gap-2">
        <input
          id={id}
          className={`${inputClass} text-right tabular-nums`}
          inputMode="decimal"
          autoComplete="off"
          placeholder={placeholder}
          value={text}
          aria-describedby={describedBy}
          onChange={(event) => {
            setText(event.target.value);
            const read = readTyped(event.target.value, lang, { decimals });
            onAmount(read.value);
            if (read.problem) {
              const hint = hintOf(read.problem, lang);
              onRefused(t(hint.key, hint.params));
            }
          }}
        />
        {action}
      </span>
    </Field>
  );
}

/** A form's outcome line: an error (red, announced at once) or what was done (green). */
export interface FormNote {
  kind: 'error' | 'done';
  text: string;
}

/** The line under a form that says its outcome; it keeps its height when empty. */
export function FormNoteLine({ note }: { note: FormNote | null }) {
  return (
    <p
      role={note?.kind === 'error' ? 'alert' : 'status'}
      className={`min-h-5 text-xs ${note?.kind === 'error' ? 'text-down' : 'text-up'}`}
    >
      {note?.text ?? ''}
    </p>
  );
}

/** A labelled select of numbered choices (currencies, networks, accounts). */
export function SelectField({
  id,
  label,
  className,
  value,
  options,
  onChange,
}: {
  id: string;
  label: string;
  className?: string;
  value: number;
  options: readonly { value: number; text: string }[];
  onChange(value: number): void;
}) {
  return (
    <Field id={id} label={label} className={className}>
      <select
        id={id}
        className={inputClass}
        value={value}
        onChange={(event) => onChange(Number(event.target.value))}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.text}
          </option>
        ))}
      </select>
    </Field>
  );
}

/**
 * A labelled one-line text box (no autocomplete); `type` "password" hides what is typed and
 * `className` adds to the box's classes (an address's fixed-width face).
 */
export function TextField({
  id,
  label,
  value,
  maxLength,
  type,
  placeholder,
  className,
  spellCheck,
  onChange,
}: {
  id: string;
  label: string;
  value: string;
  maxLength: number;
  type?: 'password';
  placeholder?: string;
  className?: string;
  spellCheck?: boolean;
  onChange(value: string): void;
}) {
  return (
    <Field id={id} label={label}>
      <input
        id={id}
        type={type}
        className={className ? `${inputClass} ${className}` : inputClass}
        value={value}
        maxLength={maxLength}
        autoComplete="off"
        spellCheck={spellCheck}
        placeholder={placeholder}
        onChange={(event) => onChange(event.target.value)}
      />
    </Field>
  );
}

/** A form's main button: it sends the form, greyed while `disabled`. */
export function SubmitButton({
  disabled,
  className,
  children,
}: {
  disabled: boolean;
  className?: string;
  children: React.ReactNode;
}) {
  return (
    <Button variant="primary" type="submit" disabled={disabled} className={className}>
      {children}
    </Button>
  );
}
