import { FilePdfOutlined, PlayCircleOutlined } from '@ant-design/icons';
import { fillTemplateVariables, formatTime } from '@crm/shared';
import { WhatsappText } from '../../inbox/messages/WhatsappText';
import { useCompanyTimeZone } from '../../session/hooks/useCompanyTimeZone';
import { type HeaderMedia, templateBody, templateExamples } from '../campaignDraft';
// The same WhatsApp chat as the template preview: its phone, bubble, media and time styles, not a copy of them.
import '../../templates/templates.css';

function Media({ media }: { media: HeaderMedia }) {
  if (media.kind === 'image' && media.url) {
    return (
      <img
        className="tpl-bubble-media"
        src={media.url}
        alt="Imagen de la campaña"
        data-testid="campaign-preview-media"
        data-kind="image"
      />
    );
  }
  return (
    <div
      className={`tpl-bubble-media ${media.kind === 'video' ? 'tpl-bubble-video' : 'tpl-bubble-doc'}`}
      data-testid="campaign-preview-media"
      data-kind={media.kind}
    >
      {media.kind === 'document' ? <FilePdfOutlined aria-hidden /> : <PlayCircleOutlined aria-hidden />}
      <span>{media.kind === 'document' ? 'Documento' : media.kind === 'video' ? 'Video' : 'Imagen'}</span>
    </div>
  );
}

/**
 * 01 §2.7 preview: the template as a chat bubble, its media (image, video or PDF icon) above the text, the markup
 * rendered by the inbox's renderer, example values in place of the numbered placeholders, and the current time.
 */
export function CampaignPreview({
  template,
  media,
}: {
  template: { components: unknown };
  media: HeaderMedia | null;
}) {
  const timeZone = useCompanyTimeZone();
  const text = fillTemplateVariables(templateBody(template), templateExamples(template));
  return (
    <div className="tpl-phone">
      <div className="tpl-bubble" data-testid="campaign-preview">
        {media ? <Media media={media} /> : null}
        <WhatsappText text={text} />
        <span className="tpl-bubble-time" data-testid="campaign-preview-time">
          {formatTime(new Date(), timeZone)}
        </span>
      </div>
    </div>
  );
}
