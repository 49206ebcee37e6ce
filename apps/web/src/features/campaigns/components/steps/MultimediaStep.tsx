import { UploadOutlined } from '@ant-design/icons';
import {
  CAMPAIGN_MEDIA_NAME_MAX,
  CAMPAIGN_MESSAGES,
  campaignMediaError,
  campaignMediaKind,
  validateCampaignMediaName,
} from '@crm/shared';
import { Alert, Button, Progress, Space, Typography } from 'antd';
import { useRef, useState } from 'react';
import { resolveError } from '../../../../lib/errors';
import { uploadCampaignMedia } from '../../api/campaigns.rest';
import { type HeaderMediaKind, templateHeaderMedia } from '../../campaignDraft';
import { StepActions } from '../StepActions';
import type { StepProps } from './stepProps';

const ACCEPT: Readonly<Record<HeaderMediaKind, string>> = {
  image: 'image/jpeg,image/png',
  video: 'video/mp4',
  document: 'application/pdf',
};

const KIND_NAMES: Readonly<Record<HeaderMediaKind, string>> = {
  image: 'una imagen JPG o PNG',
  video: 'un video MP4',
  document: 'un documento PDF',
};

/** What the picked file is, before or after its upload. */
interface Picked {
  name: string;
  problem: string | null;
}

/**
 * 01 §2.7 selectMultimedia (templates with header media only): keep the template's file ('No' goes on to the date)
 * or upload another one of the same kind; Continue waits for an uploaded file whose name has at most 50
 * characters. Back forgets the choice and returns to the templates.
 */
export function MultimediaStep({ draft, update, goBack, goNext }: StepProps) {
  const header = draft.template ? templateHeaderMedia(draft.template.components) : null;
  const input = useRef<HTMLInputElement>(null);
  const [picked, setPicked] = useState<Picked | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const uploading = progress !== null;

  const upload = async (file: File) => {
    let problem = campaignMediaError({ name: file.name, mime: file.type });
    if (!problem && header && campaignMediaKind(file.type) !== header.kind) {
      problem = `El archivo debe ser ${KIND_NAMES[header.kind]}, como el de la plantilla.`;
    }
    setPicked({ name: file.name, problem });
    update({ file: null });
    if (problem) return;
    setProgress(0);
    try {
      const { url } = await uploadCampaignMedia(file, setProgress);
      update({ file: { url, name: file.name, mimeType: file.type, weight: file.size } });
    } catch (error) {
      setPicked({ name: file.name, problem: resolveError(error).userMessage });
    } finally {
      setProgress(null);
    }
  };

  const back = () => {
    update({ changeMedia: false, file: null });
    goBack();
  };

  const nameProblem = draft.file ? validateCampaignMediaName(draft.file.name) : null;
  const problem = picked?.problem ?? nameProblem;
  return (
    <>
      <Typography.Paragraph>{CAMPAIGN_MESSAGES.mediaQuestion}</Typography.Paragraph>
      <Space wrap>
        <Button
          type={draft.changeMedia ? 'primary' : 'default'}
          onClick={() => update({ changeMedia: true })}
        >
          {CAMPAIGN_MESSAGES.mediaYes}
        </Button>
        <Button
          onClick={() => {
            update({ changeMedia: false, file: null });
            goNext();
          }}
        >
          {CAMPAIGN_MESSAGES.mediaNo}
        </Button>
      </Space>
      {draft.changeMedia ? (
        <div className="cmp-uploader" data-testid="campaign-uploader">
          <input
            ref={input}
            type="file"
            hidden
            accept={header ? ACCEPT[header.kind] : undefined}
            aria-label="Archivo de la campaña"
            data-testid="campaign-media-input"
            onChange={(event) => {
              const file = event.target.files?.[0];
              event.target.value = '';
              if (file) void upload(file);
            }}
          />
          <Button icon={<UploadOutlined />} loading={uploading} onClick={() => input.current?.click()}>
            Elegir archivo
          </Button>
          <Typography.Text type="secondary" className="cmp-hint">
            JPG, PNG, PDF o MP4; el nombre del archivo puede tener hasta {CAMPAIGN_MEDIA_NAME_MAX} caracteres.
          </Typography.Text>
          {uploading ? <Progress percent={progress} size="small" /> : null}
          {draft.file && !uploading ? (
            <Typography.Text data-testid="campaign-media-name">{draft.file.name}</Typography.Text>
          ) : null}
          {problem ? (
            <Alert type="error" showIcon title={problem} data-testid="campaign-media-error" />
          ) : null}
        </div>
      ) : null}
      <StepActions
        onBack={back}
        onContinue={draft.changeMedia ? goNext : undefined}
        continueDisabled={!draft.file || nameProblem !== null || uploading}
      />
    </>
  );
}
