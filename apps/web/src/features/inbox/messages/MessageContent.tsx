import {
  EnvironmentOutlined,
  MessageOutlined,
  StopOutlined,
  UnorderedListOutlined,
  UserOutlined,
} from '@ant-design/icons';
import {
  COMPOSE_MESSAGES,
  formatFileSize,
  type InteractiveMessage,
  interactiveMessageOf,
  type MessageFileView,
  type MessageView,
} from '@crm/shared';
import { Image } from 'antd';
import { documentIcon } from './documentIcon';
import {
  contactsOf,
  fileOf,
  isDeleted,
  locationOf,
  mediaSourceOf,
  reactionOf,
  replyOf,
  safeHttpUrl,
  templateOf,
} from './messageDisplay';
import { FlowReplyCard, LinkCard, OrderCard, SystemNoticeLine } from './ReceivedContent';
import { ReceivedMedia } from './ReceivedMedia';
import { deletedByCustomer } from './receivedContent';
import { WhatsappText } from './WhatsappText';

const UNAVAILABLE: Record<string, string> = {
  image: 'Imagen no disponible',
  video: 'Video no disponible',
  audio: 'Audio no disponible',
  sticker: 'Sticker no disponible',
  document: 'Documento no disponible',
};

function Caption({ text }: { text: string }) {
  return text.trim() ? <WhatsappText text={text} className="msg-caption" /> : null;
}

// A received file can arrive without a URL (WhatsApp gives a media id that still has to be downloaded).
function Unavailable({ type }: { type: string }) {
  return <span className="msg-unavailable">{UNAVAILABLE[type] ?? 'Archivo no disponible'}</span>;
}

function DocumentCard({ file }: { file: MessageFileView }) {
  const url = safeHttpUrl(file.url);
  const name = file.name ?? 'Documento';
  const body = (
    <>
      <span className="msg-document-icon" aria-hidden="true">
        {documentIcon(file)}
      </span>
      <span className="msg-document-info">
        <span className="msg-document-name">{name}</span>
        {file.weight !== null ? (
          <span className="msg-document-size">{formatFileSize(file.weight)}</span>
        ) : null}
      </span>
    </>
  );
  if (!url) {
    return (
      <span className="msg-document" data-testid="message-document">
        {body}
      </span>
    );
  }
  return (
    <a
      className="msg-document"
      data-testid="message-document"
      href={url}
      target="_blank"
      rel="noopener noreferrer"
      download={file.name ?? true}
      aria-label={`Descargar ${name}`}
    >
      {body}
    </a>
  );
}

function MediaContent({ message }: { message: MessageView }) {
  // A received file the API downloads and serves itself (pending, failed or stored); public links below.
  const source = mediaSourceOf(message);
  if (source.kind === 'pending' || source.kind === 'failed' || source.kind === 'stored') {
    return <ReceivedMedia message={message} source={source} />;
  }
  const file = fileOf(message);
  const url = safeHttpUrl(file?.url);
  switch (message.type) {
    case 'image':
      return (
        <>
          {url ? (
            // antd's preview opens the full-size picture over the inbox on click.
            <Image className="msg-image" src={url} alt={message.content.trim() || 'Imagen'} />
          ) : (
            <Unavailable type="image" />
          )}
          <Caption text={message.content} />
        </>
      );
    case 'sticker':
      return url ? <img className="msg-sticker" src={url} alt="Sticker" /> : <Unavailable type="sticker" />;
    case 'video':
      return (
        <>
          {url ? (
            // biome-ignore lint/a11y/useMediaCaption: customers' videos come without a caption track
            <video className="msg-video" src={url} controls preload="metadata">
              Tu navegador no soporta video
            </video>
          ) : (
            <Unavailable type="video" />
          )}
          <Caption text={message.content} />
        </>
      );
    case 'audio':
      return url ? (
        // biome-ignore lint/a11y/useMediaCaption: voice notes come without a caption track
        <audio className="msg-audio" src={url} controls preload="metadata">
          Tu navegador no soporta audio
        </audio>
      ) : (
        <Unavailable type="audio" />
      );
    default:
      return (
        <>
          {file ? <DocumentCard file={file} /> : <Unavailable type="document" />}
          <Caption text={message.content} />
        </>
      );
  }
}

function LocationContent({ message }: { message: MessageView }) {
  const location = locationOf(message);
  const name = location?.name ?? (message.content.trim() || null);
  const address = location?.address && location.address !== name ? location.address : null;
  return (
    <div className="msg-location" data-testid="message-location">
      <EnvironmentOutlined className="msg-location-icon" aria-hidden="true" />
      <div className="msg-location-info">
        <span className="msg-location-name">{name ?? 'Ubicación'}</span>
        {address ? <span className="msg-location-address">{address}</span> : null}
        {location?.url ? (
          <a href={location.url} target="_blank" rel="noopener noreferrer">
            Ver en el mapa
          </a>
        ) : null}
      </div>
    </div>
  );
}

function ContactsContent({ message }: { message: MessageView }) {
  const contacts = contactsOf(message);
  if (contacts.length === 0) {
    return <span className="msg-unavailable">{message.content.trim() || 'Contacto'}</span>;
  }
  return (
    <ul className="msg-contacts">
      {contacts.map((contact, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the cards of a message have no id, may repeat and never reorder
        <li className="msg-contact" data-testid="message-contact" key={index}>
          <UserOutlined className="msg-contact-icon" aria-hidden="true" />
          <div className="msg-contact-info">
            <span className="msg-contact-name">{contact.name}</span>
            {contact.phones.map((phone) => (
              <span className="msg-contact-phone" key={phone}>
                {phone}
              </span>
            ))}
          </div>
        </li>
      ))}
    </ul>
  );
}

function ReplyContent({ message }: { message: MessageView }) {
  const reply = replyOf(message);
  return (
    <div className="msg-choice" data-testid="message-choice">
      <MessageOutlined className="msg-choice-icon" aria-hidden="true" />
      <div className="msg-choice-info">
        <span className="msg-choice-title">{reply.title || 'Respuesta'}</span>
        {reply.description ? <span className="msg-choice-description">{reply.description}</span> : null}
      </div>
    </div>
  );
}

/**
 * A menu the bot sent (issue 17): its text and the options the customer saw, reply buttons as chips or the list's
 * rows under the button that opened it. The message's content is the numbered text, for the conversation list.
 */
function MenuContent({ menu }: { menu: InteractiveMessage }) {
  return (
    <div className="msg-menu" data-testid="message-menu" data-kind={menu.kind}>
      <WhatsappText text={menu.body} />
      {menu.kind === 'buttons' ? (
        <ul className="msg-menu-chips" aria-label="Botones de respuesta">
          {menu.buttons.map((button) => (
            <li className="msg-menu-chip" key={button.id}>
              {button.title}
            </li>
          ))}
        </ul>
      ) : (
        <div className="msg-menu-list">
          <span className="msg-menu-list-button">
            <UnorderedListOutlined aria-hidden="true" /> {menu.button}
          </span>
          <ol className="msg-menu-rows" aria-label={`Opciones de la lista: ${menu.button}`}>
            {menu.rows.map((row) => (
              <li className="msg-menu-row" key={row.id}>
                <span className="msg-menu-row-title">{row.title}</span>
                {row.description ? <span className="msg-menu-row-description">{row.description}</span> : null}
              </li>
            ))}
          </ol>
        </div>
      )}
    </div>
  );
}

function TemplateContent({ message }: { message: MessageView }) {
  const template = templateOf(message);
  return (
    <div className="msg-template" data-testid="message-template">
      <span className="msg-template-name">Plantilla: {template.name}</span>
      {template.body ? (
        <WhatsappText text={template.body} />
      ) : template.parameters.length > 0 ? (
        // Without the body text, its variable values are the only content to show.
        <span className="msg-template-params">{template.parameters.join(' · ')}</span>
      ) : null}
    </div>
  );
}

/** The body of a message by its type (02 §3), without the bubble's frame, time or status. */
export function MessageContent({ message }: { message: MessageView }) {
  if (isDeleted(message)) {
    return (
      <em className="msg-deleted">
        <StopOutlined aria-hidden="true" />{' '}
        {deletedByCustomer(message) ? 'El cliente eliminó este mensaje' : COMPOSE_MESSAGES.deleted}
      </em>
    );
  }
  switch (message.type) {
    case 'text':
      return <WhatsappText text={message.content} />;
    case 'image':
    case 'video':
    case 'audio':
    case 'document':
    case 'sticker':
      return <MediaContent message={message} />;
    case 'location':
      return <LocationContent message={message} />;
    case 'contacts':
      return <ContactsContent message={message} />;
    case 'interactive': {
      // Ours is a menu (buttons or a list); the customer's is the option they chose.
      const menu = interactiveMessageOf(message.payload);
      return menu ? <MenuContent menu={menu} /> : <ReplyContent message={message} />;
    }
    case 'button':
      return <ReplyContent message={message} />;
    case 'reaction': {
      const emoji = reactionOf(message);
      return emoji ? (
        <span className="msg-reaction" role="img" aria-label={`Reacción ${emoji}`}>
          {emoji}
        </span>
      ) : (
        <em className="msg-unavailable">Reacción eliminada</em>
      );
    }
    case 'template':
      return <TemplateContent message={message} />;
    case 'order':
      return <OrderCard message={message} />;
    case 'flow_reply':
      return <FlowReplyCard message={message} />;
    case 'link':
      return <LinkCard message={message} />;
    case 'system':
      return <SystemNoticeLine message={message} />;
    case 'unsupported':
      return <em className="msg-unavailable">Mensaje no soportado</em>;
    default:
      // A type newer than this client: its text, when it has one, still says something.
      return message.content.trim() ? (
        <WhatsappText text={message.content} />
      ) : (
        <em className="msg-unavailable">Mensaje no soportado</em>
      );
  }
}
