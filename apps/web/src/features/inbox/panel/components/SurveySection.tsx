import { formatDateTime, type SurveyAnswerView, userMessageFor } from '@crm/shared';
import { Divider, Skeleton, Tag, Typography } from 'antd';
import { type ReactNode, useCallback, useEffect, useState } from 'react';
import { subscribeRealtime } from '../../../../lib/socket';
import { useCompanyTimeZone } from '../../../session/hooks/useCompanyTimeZone';
import { lastSurvey } from '../api/survey.rest';
import { PanelSection } from './PanelSection';

type Loaded = { clientId: number; survey: SurveyAnswerView | null } | { clientId: number; failed: true };

/**
 * The conversation's last satisfaction survey (issue 17): when the bot sent it on close, and the customer's answer
 * (its option and value) or that it is still waiting. Nothing is shown for a conversation that never got one.
 */
export function SurveySection({ clientId }: { clientId: number }) {
  const timeZone = useCompanyTimeZone();
  const [loaded, setLoaded] = useState<Loaded | null>(null);

  const load = useCallback(
    (signal?: AbortSignal) => {
      lastSurvey(clientId, signal).then(
        ({ survey }) => setLoaded({ clientId, survey }),
        (error: unknown) => {
          if (!(error instanceof DOMException && error.name === 'AbortError'))
            setLoaded({ clientId, failed: true });
        },
      );
    },
    [clientId],
  );

  useEffect(() => {
    const controller = new AbortController();
    load(controller.signal);
    return () => controller.abort();
  }, [load]);

  // Closing sends the survey, and the customer's answer arrives as 'survey': read it again.
  useEffect(
    () =>
      subscribeRealtime('openClient', ({ client, reason }) => {
        if (client.id === clientId && (reason === 'survey' || reason === 'closed')) load();
      }),
    [clientId, load],
  );

  const current = loaded && loaded.clientId === clientId ? loaded : null;
  if (current && !('failed' in current) && current.survey === null) return null;

  let body: ReactNode;
  if (!current) {
    body = <Skeleton active paragraph={{ rows: 1 }} title={false} />;
  } else if ('failed' in current) {
    body = <Typography.Text type="danger">{userMessageFor('ERROR_getLastSurveyInfos')}</Typography.Text>;
  } else {
    const survey = current.survey as SurveyAnswerView;
    body = (
      <div className="client-info-survey">
        <Typography.Text type="secondary" data-testid="survey-sent">
          Enviada el {formatDateTime(survey.sentAt, timeZone)}
        </Typography.Text>
        {survey.answeredAt === null ? (
          <div>
            <Tag data-testid="survey-status">Sin respuesta</Tag>
          </div>
        ) : (
          <div data-testid="survey-answer">
            <Tag color="green" data-testid="survey-status">
              Respondida
            </Tag>
            <Typography.Text strong>{survey.optionText ?? 'Sin texto'}</Typography.Text>
            {survey.value !== null && (
              <Typography.Text type="secondary"> · Valor {survey.value}</Typography.Text>
            )}
            <div>
              <Typography.Text type="secondary">
                el {formatDateTime(survey.answeredAt, timeZone)}
              </Typography.Text>
            </div>
          </div>
        )}
      </div>
    );
  }

  return (
    <>
      <Divider className="client-info-divider" />
      <PanelSection title="Encuesta de satisfacción" testId="survey">
        {body}
      </PanelSection>
    </>
  );
}
