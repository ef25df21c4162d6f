import DOMPurify from 'dompurify';
import { useId, useLayoutEffect, useRef, useState, type ClipboardEvent, type DragEvent } from 'react';
import type { AdminT, ConsoleKey, KeysUnder } from '../i18n.js';
import { Button } from '../../components/ui/index.js';
import { fieldColours } from '../parts.js';

/**
 * A small rich-text editor: an editable box with a toolbar over the browser's own editing commands,
 * and the HTML source beside it. No editor library: the server sanitises every body anyway (its
 * allow-list is the real gate), so this only has to produce plain p/h2/h3/lists/links/quotes.
 * What goes into the box is sanitised here too, so a snippet typed in the source cannot run in the
 * console; pasted and dropped content comes in as plain text.
 */

interface Command {
  key: KeysUnder<ConsoleKey<'content'>, 'tb.'>;
  /** What the button shows when a glyph says it (its name is then its label); else its name. */
  glyph?: string;
  run(): void;
}

/** The browser's editing commands (deprecated but everywhere, and enough for this allow-list). */
function exec(command: string, value?: string): void {
  document.execCommand(command, false, value);
}

/** A link the server will keep: the web (http, https, mailto) or a path of this site. */
export function acceptableLink(href: string): boolean {
  const value = href.trim();
  if (value.startsWith('/')) return !value.startsWith('//') && !value.includes('\\');
  return /^(https?:\/\/[^\s]+|mailto:[^\s]+)$/i.test(value);
}

export function RichText({
  value,
  onChange,
  labelId,
  describedBy,
  readOnly,
  t,
  testId,
}: {
  value: string;
  onChange(html: string): void;
  labelId: string;
  describedBy?: string;
  readOnly: boolean;
  t: AdminT<'content'>;
  testId: string;
}) {
  const box = useRef<HTMLDivElement>(null);
  const [source, setSource] = useState(false);
  const [link, setLink] = useState<{ range: Range | null; href: string; bad: boolean } | null>(null);
  const linkId = useId();

  // Fill the box when the value did not come from it (first draw, back from the source view).
  useLayoutEffect(() => {
    const element = box.current;
    if (element && element.innerHTML !== value) element.innerHTML = DOMPurify.sanitize(value);
  }, [value, source]);

  const emit = () => {
    if (box.current) onChange(box.current.innerHTML);
  };
  const act = (command: string, argument?: string) => () => {
    box.current?.focus();
    exec(command, argument);
    emit();
  };
  const commands: Command[] = [
    { key: 'bold', glyph: 'B', run: act('bold') },
    { key: 'italic', glyph: 'I', run: act('italic') },
    { key: 'underline', glyph: 'U', run: act('underline') },
    { key: 'strike', glyph: 'S', run: act('strikeThrough') },
    { key: 'h2', glyph: 'H2', run: act('formatBlock', '<h2>') },
    { key: 'h3', glyph: 'H3', run: act('formatBlock', '<h3>') },
    { key: 'p', glyph: '¶', run: act('formatBlock', '<p>') },
    { key: 'ul', glyph: '•', run: act('insertUnorderedList') },
    { key: 'ol', glyph: '1.', run: act('insertOrderedList') },
    { key: 'quote', glyph: '❝', run: act('formatBlock', '<blockquote>') },
    {
      key: 'link',
      run: () => {
        const selection = window.getSelection();
        const inside =
          selection && selection.rangeCount > 0 && box.current?.contains(selection.anchorNode ?? null);
        setLink({
          range: inside ? selection.getRangeAt(0).cloneRange() : null,
          href: 'https://',
          bad: false,
        });
      },
    },
    { key: 'unlink', run: act('unlink') },
    { key: 'clear', run: act('removeFormat') },
  ];

  const applyLink = () => {
    if (!link) return;
    if (!acceptableLink(link.href)) {
      setLink({ ...link, bad: true });
      return;
    }
    box.current?.focus();
    const selection = window.getSelection();
    if (link.range && selection) {
      selection.removeAllRanges();
      selection.addRange(link.range);
    }
    // With nothing selected, the address itself becomes the link's text.
    if (!link.range || link.range.collapsed)
      exec('insertHTML', `<a href="${encodeURI(link.href.trim())}">${escapeText(link.href.trim())}</a>`);
    else exec('createLink', link.href.trim());
    setLink(null);
    emit();
  };

  const plainPaste = (event: ClipboardEvent<HTMLDivElement> | DragEvent<HTMLDivElement>) => {
    const data = 'clipboardData' in event ? event.clipboardData : event.dataTransfer;
    event.preventDefault();
    exec('insertText', data.getData('text/plain'));
    emit();
  };

  return (
    <div className="flex flex-col gap-1" data-testid={testId}>
      {!readOnly && (
        <div role="toolbar" aria-label={t('tb.label')} className="flex flex-wrap items-center gap-1">
          {commands.map((command) => (
            <Button
              size="sm"
              key={command.key}
              className="min-w-8"
              aria-label={command.glyph ? t(`tb.${command.key}`) : undefined}
              title={command.glyph ? t(`tb.${command.key}`) : undefined}
              disabled={source}
              // Keep the selection in the box: the button takes no focus from it.
              onMouseDown={(event) => event.preventDefault()}
              onClick={command.run}
            >
              {command.glyph ? <span aria-hidden="true">{command.glyph}</span> : t(`tb.${command.key}`)}
            </Button>
          ))}
          <Button size="sm" className="ml-auto" aria-pressed={source} onClick={() => setSource(!source)}>
            {source ? t('tb.visual') : t('tb.source')}
          </Button>
        </div>
      )}
      {link && (
        <div className="flex flex-wrap items-end gap-2 rounded border border-line p-2">
          <label htmlFor={linkId} className="flex min-w-0 flex-1 flex-col gap-0.5">
            <span>{t('link.url')}</span>
            <input
              id={linkId}
              autoFocus
              className={`w-full rounded border px-2 py-1 ${fieldColours}`}
              value={link.href}
              aria-invalid={link.bad}
              aria-describedby={`${linkId}-hint`}
              onChange={(event) => setLink({ ...link, href: event.target.value, bad: false })}
              onKeyDown={(event) => {
                if (event.key === 'Enter') {
                  event.preventDefault();
                  applyLink();
                }
                if (event.key === 'Escape') setLink(null);
              }}
            />
            <span id={`${linkId}-hint`} className={`text-xs ${link.bad ? 'text-down' : 'text-muted'}`}>
              {link.bad ? t('link.bad') : t('link.hint')}
            </span>
          </label>
          <Button size="sm" onClick={applyLink}>
            {t('link.apply')}
          </Button>
          <Button size="sm" onClick={() => setLink(null)}>
            {t('cancel')}
          </Button>
        </div>
      )}
      {source ? (
        <textarea
          aria-labelledby={labelId}
          aria-describedby={describedBy}
          className={`min-h-48 w-full rounded border px-2 py-1 font-mono text-xs ${fieldColours}`}
          value={value}
          readOnly={readOnly}
          spellCheck={false}
          onChange={(event) => onChange(event.target.value)}
          data-testid={`${testId}-source`}
        />
      ) : (
        <div
          ref={box}
          role="textbox"
          aria-multiline="true"
          aria-labelledby={labelId}
          aria-describedby={describedBy}
          aria-readonly={readOnly}
          contentEditable={!readOnly}
          suppressContentEditableWarning
          tabIndex={0}
          className={`notice-body max-h-[60vh] min-h-48 overflow-y-auto rounded border px-3 py-2 ${fieldColours}`}
          onFocus={() => exec('defaultParagraphSeparator', 'p')}
          onInput={emit}
          onPaste={plainPaste}
          onDrop={plainPaste}
          data-testid={`${testId}-box`}
        />
      )}
    </div>
  );
}

function escapeText(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}
