import {
  api,
  UPLOAD_MAX_BYTES,
  UPLOAD_MIMES,
  type Envelope,
  type ReplyOf,
  type UploadPurpose,
} from '@oex/protocol';
import i18next from 'i18next';
import { useEffect, useState } from 'react';
import { ApiError, applyEnvelope, TIMEOUT_MS } from '../../api/http.js';
import { useToasts } from '../../components/toast.js';
import { currentLang } from '../../i18n/index.js';
import { useSession } from '../session.js';

/**
 * Image uploads (api.personal.upload, common/image_upload) and showing one's own private images.
 *
 * The server serves an image only to its owner (with the token) and the operator, so an `<img src>`
 * pointing at it would fail: an image tag cannot send the Authorization header. The page fetches
 * the image with the token and shows it through an object URL (`useOwnImage`), revoked when the
 * image leaves the screen. A picture the user has just chosen is previewed from the local file.
 */

/** Types the picker offers; the server decides by the bytes anyway. */
export const ACCEPTED_IMAGES = UPLOAD_MIMES.join(',');

/** The reason a chosen file cannot be sent, checked before the upload (the server checks again). */
export function localImageProblem(file: { size: number; type: string }): string | null {
  if (file.size > UPLOAD_MAX_BYTES) return i18next.t('upload.tooLarge');
  if (file.type && !(UPLOAD_MIMES as readonly string[]).includes(file.type))
    return i18next.t('upload.wrongType');
  return null;
}

type UploadReply = ReplyOf<typeof api.personal.upload>;

/**
 * Sends one image as multipart with progress (0-1). A refusal shows the server's message as a
 * toast and rejects; the caller keeps its form as it was.
 */
export function uploadImage(
  file: Blob,
  purpose: UploadPurpose,
  onProgress: (fraction: number) => void,
): Promise<UploadReply> {
  const toast = useToasts.getState().show;
  const { token } = useSession.getState();
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open(api.personal.upload.method, `/api/${api.personal.upload.path}?purpose=${purpose}`);
    request.timeout = TIMEOUT_MS;
    request.setRequestHeader('lang', currentLang());
    if (token) request.setRequestHeader('authorization', token);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    const fail = (text: string, code: number) => {
      toast('error', text);
      reject(new ApiError(text, code));
    };
    request.onerror = () => fail(i18next.t('http.network'), -1);
    request.ontimeout = () => fail(i18next.t('http.network'), -1);
    request.onload = () => {
      if (request.status >= 500) return fail(i18next.t('http.serverError'), 500);
      let envelope: Envelope<UploadReply>;
      try {
        envelope = JSON.parse(request.responseText) as Envelope<UploadReply>;
      } catch {
        return fail(i18next.t('http.serverError'), 500);
      }
      try {
        // As every call: the server's refusal as a toast, a timed-out session sent to log in.
        const result = applyEnvelope(envelope, token, true);
        onProgress(1);
        resolve(result);
      } catch (error) {
        reject(error instanceof ApiError ? error : new ApiError(String(error), -1));
      }
    };
    const form = new FormData();
    form.append('file', file, file instanceof File ? file.name : 'image');
    request.send(form);
  });
}

/**
 * An object URL of one of the user's own images (an `/api/common/image/<id>` url), fetched with the
 * token; null while loading, when it fails, or when there is no url.
 */
export function useOwnImage(url: string | null | undefined): { src: string | null; failed: boolean } {
  const token = useSession((state) => state.token);
  const [state, setState] = useState<{ src: string | null; failed: boolean }>({ src: null, failed: false });
  useEffect(() => {
    if (!url || !token) {
      setState({ src: null, failed: false });
      return;
    }
    let objectUrl: string | null = null;
    const abort = new AbortController();
    setState({ src: null, failed: false });
    fetch(url, { headers: { authorization: token, lang: currentLang() }, signal: abort.signal })
      .then(async (response) => {
        if (!response.ok) throw new Error(String(response.status));
        objectUrl = URL.createObjectURL(await response.blob());
        setState({ src: objectUrl, failed: false });
      })
      .catch(() => {
        if (!abort.signal.aborted) setState({ src: null, failed: true });
      });
    return () => {
      abort.abort();
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [url, token]);
  return state;
}
