import { FEEDBACK_MIN_LENGTH, type FeedbackView } from '@oex/protocol';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useToasts } from '../../components/toast.js';
import { useFeedbackList, useSubmitFeedback } from '../../features/personal/feedback.js';
import { useOwnImage } from '../../features/personal/uploads.js';
import { useExchangeTimeZone } from '../../features/content/news.js';
import { formatInZone } from '../../lib/format.js';
import { ImagePicker, type PickedImage } from './ImagePicker.js';
import { Button, inputClass, ListStatus, Pager } from '../../components/ui/index.js';

const MAX_LENGTH = 2000;

function FeedbackForm() {
  const { t } = useTranslation();
  const id = useId();
  const toast = useToasts((state) => state.show);
  const submit = useSubmitFeedback();
  const [content, setContent] = useState('');
  const [image, setImage] = useState<PickedImage>({ state: 'empty' });
  const [busy, setBusy] = useState(false);
  // A new picker after each sent feedback, so it starts empty.
  const [round, setRound] = useState(0);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (content.trim().length < FEEDBACK_MIN_LENGTH) {
      toast('error', t('feedback.tooShort', { min: FEEDBACK_MIN_LENGTH }));
      return;
    }
    if (image.state === 'uploading') {
      toast('error', t('identity.errors.uploading'));
      return;
    }
    setBusy(true);
    try {
      await submit({ content: content.trim(), image: image.state === 'done' ? image.id : null });
      setContent('');
      setImage({ state: 'empty' });
      setRound((n) => n + 1);
    } catch {
      // The client has shown the server's message; the text stays.
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="flex flex-col gap-3" noValidate onSubmit={(event) => void onSubmit(event)}>
      <div className="flex flex-col gap-1">
        <label htmlFor={id}>{t('feedback.content')}</label>
        <textarea
          id={id}
          className={`${inputClass} min-h-28`}
          value={content}
          maxLength={MAX_LENGTH}
          placeholder={t('feedback.placeholder', { min: FEEDBACK_MIN_LENGTH })}
          aria-describedby={`${id}-count`}
          required
          onChange={(event) => setContent(event.target.value)}
        />
        <span id={`${id}-count`} className="self-end text-xs tabular-nums text-muted">
          {t('feedback.count', { count: content.trim().length, max: MAX_LENGTH })}
        </span>
      </div>
      <ImagePicker
        key={round}
        label={t('feedback.image')}
        purpose="feedback"
        testId="pick-feedback"
        onChange={setImage}
      />
      <Button variant="primary" type="submit" className="self-start" disabled={busy}>
        {t('feedback.submit')}
      </Button>
    </form>
  );
}

function FeedbackImage({ url }: { url: string }) {
  const { t } = useTranslation();
  const image = useOwnImage(url);
  if (!image.src) return null;
  return (
    <img
      src={image.src}
      alt={t('feedback.attached')}
      className="mt-2 max-h-32 rounded border bg-panel border-line"
    />
  );
}

function FeedbackItem({ item }: { item: FeedbackView }) {
  const timeZone = useExchangeTimeZone();
  const { t } = useTranslation();
  return (
    <li className="rounded border p-3 text-sm bg-panel border-line" data-testid="feedback-item">
      <p className="text-xs text-muted">
        {t('feedback.sentAt', { time: formatInZone(item.created_at, timeZone) })}
      </p>
      <p className="mt-1 whitespace-pre-wrap break-words">{item.content}</p>
      {item.image_url && <FeedbackImage url={item.image_url} />}
      {item.replies.length === 0 ? (
        <p className="mt-2 text-xs text-muted">{t('feedback.noReply')}</p>
      ) : (
        <ul className="mt-2 flex flex-col gap-1 border-l-2 pl-3 border-accent">
          {item.replies.map((reply) => (
            <li key={reply.id}>
              <span className="text-xs text-muted">
                {t('feedback.reply')} · {formatInZone(reply.created_at, timeZone)}
              </span>
              <p className="whitespace-pre-wrap break-words">{reply.content}</p>
            </li>
          ))}
        </ul>
      )}
    </li>
  );
}

/** Feedback (docs/personal.md): the form (at least 10 characters, an optional image) and one's own list with replies. */
export function FeedbackPage() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const list = useFeedbackList(page);
  return (
    <div className="flex flex-col gap-6">
      <section aria-labelledby="feedback-title" className="flex flex-col gap-3">
        <h1 id="feedback-title" className="text-lg font-semibold">
          {t('feedback.title')}
        </h1>
        <FeedbackForm />
      </section>
      <section aria-labelledby="feedback-mine" className="flex flex-col gap-2">
        <h2 id="feedback-mine" className="text-base font-semibold">
          {t('feedback.mine')}
        </h2>
        {list.data && list.data.data.length > 0 && (
          <ul className="flex flex-col gap-2" data-testid="feedback-list">
            {list.data.data.map((item) => (
              <FeedbackItem key={item.id} item={item} />
            ))}
          </ul>
        )}
        <ListStatus query={list} emptyText={t('feedback.empty')} />
        {list.data && (
          <Pager
            page={page}
            last={list.data.last_page}
            labels={{
              pages: t('feedback.pages'),
              previous: t('feedback.previous'),
              next: t('feedback.next'),
            }}
            onPage={setPage}
          />
        )}
      </section>
    </div>
  );
}
