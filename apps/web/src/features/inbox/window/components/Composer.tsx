import { CloseOutlined, PaperClipOutlined, SendOutlined } from '@ant-design/icons';
import { formatFileSize, MESSAGE_TEXT_MAX, type MessageView } from '@crm/shared';
import { Button, Input, Typography } from 'antd';
import type { TextAreaRef } from 'antd/es/input/TextArea';
import { type ChangeEvent, type KeyboardEvent, useEffect, useMemo, useRef, useState } from 'react';
import { jsonObject } from '../../../../lib/json';
import { toast } from '../../../../lib/toast';
import { QuotedMessage } from '../../messages/QuotedMessage';
import type { SendMediaInput } from '../api/messages.graphql';
import type { QuickAnswer } from '../api/quickAnswers.graphql';
import { ATTACH_ACCEPT, checkAttachments } from '../attachments';
import { mediaTypeOf } from '../drafts';
import type { OutgoingAttachment } from '../hooks/useConversationTimeline';
import { matchQuickAnswers, quickAnswerText, slashQuery } from '../quickAnswers';
import { EmojiPicker } from './EmojiPicker';
import { QuickAnswerMenu, quickAnswerOptionId } from './QuickAnswerMenu';

/** The API refuses longer text (COMPOSE_MESSAGES.textTooLong). */
const TEXT_MAX = MESSAGE_TEXT_MAX;

const FILE_TYPE_LABELS: Record<string, string> = {
  image: 'Imagen',
  video: 'Video',
  audio: 'Audio',
  document: 'Documento',
};

interface StagedAttachment {
  key: string;
  name: string;
  size: number | null;
  fileType: string;
  outgoing: OutgoingAttachment;
}

export interface ComposerSubmit {
  text: string;
  attachments: OutgoingAttachment[];
}

export interface ComposerProps {
  /** Set (to a new value each time) when the reply box should take the focus: the conversation was opened by keyboard. */
  focusRequest?: string | null;
  /** 02 §3: what {{nombre_cliente}} becomes. */
  leadName: string;
  /** 02 §3: what {{nombre_agente}} becomes. */
  agentName: string;
  quickAnswers: readonly QuickAnswer[];
  quote: MessageView | null;
  onCancelQuote: () => void;
  onSubmit: (submit: ComposerSubmit) => void;
  onQuickAnswerUsed: (answer: QuickAnswer) => void;
}

let attachmentCounter = 0;
const nextKey = (): string => {
  attachmentCounter += 1;
  return `attachment-${attachmentCounter}`;
};

/** A quick answer's file (JSON from the API) as media to send, when it has a usable URL. */
function remoteAttachment(answer: QuickAnswer): StagedAttachment | null {
  const file = jsonObject(answer.file);
  if (!file || typeof file.url !== 'string' || file.url === '') return null;
  const name = typeof file.name === 'string' && file.name ? file.name : 'Archivo';
  const mimeType = typeof file.mimeType === 'string' ? file.mimeType : undefined;
  const declared = typeof file.fileType === 'string' ? file.fileType : '';
  const fileType =
    declared === 'image' || declared === 'video' || declared === 'audio' || declared === 'document'
      ? declared
      : mediaTypeOf(mimeType ?? '');
  const weight = typeof file.weight === 'number' && file.weight >= 0 ? Math.floor(file.weight) : undefined;
  const media: SendMediaInput = { type: fileType, url: file.url, filename: name, mimeType, weight };
  return {
    key: nextKey(),
    name,
    size: weight ?? null,
    fileType,
    outgoing: { kind: 'remote', media },
  };
}

/**
 * The reply box inside the window: Enter sends, Shift+Enter starts a new line; '/' at the start opens the
 * quick answers; files are checked with the shared upload rule (02 §5) before anything is uploaded.
 */
export function Composer({
  leadName,
  agentName,
  quickAnswers,
  quote,
  onCancelQuote,
  onSubmit,
  onQuickAnswerUsed,
  focusRequest = null,
}: ComposerProps) {
  const [text, setText] = useState('');
  const [attachments, setAttachments] = useState<StagedAttachment[]>([]);
  const [attachError, setAttachError] = useState<string | null>(null);
  const [activeIndex, setActiveIndex] = useState(0);
  // Escape closes the menu until the text changes again.
  const [menuDismissedFor, setMenuDismissedFor] = useState<string | null>(null);
  const textArea = useRef<TextAreaRef>(null);
  const fileInput = useRef<HTMLInputElement>(null);

  const query = slashQuery(text);
  const menuOpen = query !== null && menuDismissedFor !== text;
  const matches = useMemo(
    () => (query === null ? [] : matchQuickAnswers(quickAnswers, query)),
    [quickAnswers, query],
  );
  const active = Math.min(activeIndex, Math.max(0, matches.length - 1));
  const canSend = text.trim() !== '' || attachments.length > 0;

  const element = (): HTMLTextAreaElement | null => textArea.current?.resizableTextArea?.textArea ?? null;

  useEffect(() => {
    if (focusRequest) textArea.current?.resizableTextArea?.textArea?.focus();
  }, [focusRequest]);

  const changeText = (value: string) => {
    setText(value);
    setActiveIndex(0);
  };

  const chooseAnswer = (answer: QuickAnswer) => {
    changeText(quickAnswerText(answer, leadName, agentName));
    const file = remoteAttachment(answer);
    if (file) setAttachments((current) => (current.length < 10 ? [...current, file] : current));
    onQuickAnswerUsed(answer);
    element()?.focus();
  };

  const insertEmoji = (emoji: string) => {
    const box = element();
    const start = box?.selectionStart ?? text.length;
    const end = box?.selectionEnd ?? text.length;
    const next = `${text.slice(0, start)}${emoji}${text.slice(end)}`;
    if (next.length > TEXT_MAX) return;
    changeText(next);
    // Put the caret after the emoji once React has written the new value.
    requestAnimationFrame(() => {
      const target = element();
      if (!target) return;
      target.focus();
      target.setSelectionRange(start + emoji.length, start + emoji.length);
    });
  };

  const submit = () => {
    if (!canSend) return;
    onSubmit({ text, attachments: attachments.map((attachment) => attachment.outgoing) });
    setText('');
    setAttachments([]);
    setAttachError(null);
    setMenuDismissedFor(null);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.nativeEvent.isComposing) return;
    if (menuOpen && matches.length > 0) {
      if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
        event.preventDefault();
        const step = event.key === 'ArrowDown' ? 1 : -1;
        setActiveIndex((active + step + matches.length) % matches.length);
        return;
      }
      if ((event.key === 'Enter' && !event.shiftKey) || event.key === 'Tab') {
        event.preventDefault();
        const answer = matches[active];
        if (answer) chooseAnswer(answer);
        return;
      }
    }
    if (menuOpen && event.key === 'Escape') {
      event.preventDefault();
      setMenuDismissedFor(text);
      return;
    }
    if (event.key === 'Enter' && !event.shiftKey) {
      event.preventDefault();
      submit();
    }
  };

  const onFiles = (event: ChangeEvent<HTMLInputElement>) => {
    const files = Array.from(event.target.files ?? []);
    // The same file may be chosen again after being removed.
    event.target.value = '';
    if (files.length === 0) return;
    const check = checkAttachments(attachments.length, files);
    setAttachError(check.error);
    if (check.toast) toast.warning(check.toast);
    if (check.error) toast.error(check.error);
    if (check.accepted.length === 0) return;
    setAttachments((current) => [
      ...current,
      ...check.accepted.map((file) => ({
        key: nextKey(),
        name: file.name,
        size: file.size,
        fileType: mediaTypeOf(file.type),
        outgoing: { kind: 'file', file } as const,
      })),
    ]);
  };

  const activeOption = menuOpen ? matches[active] : undefined;

  return (
    <div className="cw-composer" data-testid="composer">
      {quote ? (
        <div className="cw-composer-quote" data-testid="composer-quote">
          <div className="cw-composer-quote-body">
            <span className="cw-composer-quote-label">Respondiendo a</span>
            <QuotedMessage type={quote.type} body={quote.content} />
          </div>
          <Button
            type="text"
            size="small"
            icon={<CloseOutlined />}
            aria-label="Cancelar respuesta"
            onClick={onCancelQuote}
          />
        </div>
      ) : null}
      {attachments.length > 0 ? (
        <ul className="cw-attachments" aria-label="Archivos adjuntos" data-testid="composer-attachments">
          {attachments.map((attachment) => (
            <li key={attachment.key} className="cw-attachment" data-testid="composer-attachment">
              <PaperClipOutlined aria-hidden="true" />
              <span className="cw-attachment-name">{attachment.name}</span>
              <span className="cw-attachment-meta">
                {FILE_TYPE_LABELS[attachment.fileType] ?? 'Archivo'}
                {attachment.size !== null ? ` · ${formatFileSize(attachment.size)}` : ''}
              </span>
              <Button
                type="link"
                size="small"
                onClick={() =>
                  setAttachments((current) => current.filter((item) => item.key !== attachment.key))
                }
              >
                Eliminar
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
      {attachError ? (
        <Typography.Text type="danger" role="alert" className="cw-attach-error" data-testid="attach-error">
          {attachError}
        </Typography.Text>
      ) : null}
      <div className="cw-composer-row">
        {menuOpen ? (
          <QuickAnswerMenu
            query={query ?? ''}
            answers={matches}
            activeIndex={active}
            onChoose={chooseAnswer}
            onHover={setActiveIndex}
          />
        ) : null}
        <EmojiPicker onPick={insertEmoji} />
        <Button
          type="text"
          shape="circle"
          icon={<PaperClipOutlined />}
          aria-label="Adjuntar archivos"
          onClick={() => fileInput.current?.click()}
          data-testid="attach-button"
        />
        <input
          ref={fileInput}
          type="file"
          multiple
          accept={ATTACH_ACCEPT}
          className="cw-file-input"
          onChange={onFiles}
          data-testid="attach-input"
          aria-label="Archivos para enviar"
          tabIndex={-1}
        />
        <Input.TextArea
          ref={textArea}
          value={text}
          onChange={(event) => {
            changeText(event.target.value);
            setMenuDismissedFor(null);
          }}
          onKeyDown={onKeyDown}
          placeholder="Escribe un mensaje o / para respuestas rápidas"
          aria-label="Mensaje"
          aria-controls={menuOpen ? 'cw-quick-answers' : undefined}
          aria-activedescendant={activeOption ? quickAnswerOptionId(activeOption.id) : undefined}
          autoSize={{ minRows: 1, maxRows: 6 }}
          maxLength={TEXT_MAX}
          className="cw-composer-input"
          data-testid="composer-input"
        />
        <Button
          type="primary"
          shape="circle"
          icon={<SendOutlined />}
          aria-label="Enviar"
          onClick={submit}
          disabled={!canSend}
          data-testid="composer-send"
        />
      </div>
    </div>
  );
}
