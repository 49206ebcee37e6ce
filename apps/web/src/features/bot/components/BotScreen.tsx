import { useQuery } from '@apollo/client/react';
import { channelPlatformLabel, hasAnyPermission } from '@crm/shared';
import { Card, Empty, Select, Skeleton, Tabs } from 'antd';
import { type ReactNode, useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { handleError } from '../../../lib/errors';
import { PageHeader } from '../../layout/components/PageHeader';
import { useSession } from '../../session/hooks/useSession';
import { BOT_CHANNELS_QUERY, type BotChannel } from '../api/pickers.graphql';
import { FollowUpBotsTab } from '../follow-up/FollowUpBotsTab';
import { MenuTab } from '../menu/MenuTab';
import { SurveyTab } from '../survey/SurveyTab';
import { WelcomeTab } from '../welcome/WelcomeTab';
import '../bot.css';

export interface BotTabProps {
  channel: BotChannel;
  canWrite: boolean;
}

const TABS: Array<{ key: string; label: string; render: (props: BotTabProps) => ReactNode }> = [
  { key: 'menu', label: 'Menú', render: (props) => <MenuTab {...props} /> },
  { key: 'welcome', label: 'Bienvenida', render: (props) => <WelcomeTab {...props} /> },
  { key: 'follow-up', label: 'Seguimiento', render: (props) => <FollowUpBotsTab {...props} /> },
  { key: 'survey', label: 'Encuesta', render: (props) => <SurveyTab {...props} /> },
];

function channelLabel(channel: BotChannel): string {
  const label = `${channel.name} · ${channelPlatformLabel(channel.platform)}`;
  return channel.isActive ? label : `${label} (inactivo)`;
}

/**
 * 02 §2 /bot (issue 17): a channel's automation — its menu chatbot, welcome message, follow-up bots and
 * satisfaction survey. The channel and the tab live in the address (?channel=&tab=) so a reload keeps them.
 * Whoever holds writeBot edits; readBot alone sees everything read-only.
 */
export function BotScreen() {
  const { me } = useSession();
  const canWrite = hasAnyPermission(me.permissions ?? {}, ['writeBot']);
  const [params, setParams] = useSearchParams();
  const channels = useQuery(BOT_CHANNELS_QUERY, { fetchPolicy: 'cache-and-network' });

  useEffect(() => {
    if (channels.error) handleError(channels.error);
  }, [channels.error]);

  const list = channels.data?.channels ?? [];
  const wanted = Number(params.get('channel'));
  const channel =
    list.find((candidate) => candidate.id === wanted) ?? list.find((c) => c.isActive) ?? list[0];
  const tab = TABS.find((candidate) => candidate.key === params.get('tab'))?.key ?? 'menu';

  const go = (change: { channel?: number; tab?: string }) =>
    setParams(
      { channel: String(change.channel ?? channel?.id ?? ''), tab: change.tab ?? tab },
      { replace: true },
    );

  return (
    <div className="page bot-page" data-testid="bot-page">
      <PageHeader
        title="Bot"
        description="El menú del chatbot, el mensaje de bienvenida, los seguimientos automáticos y la encuesta de cada canal."
        extra={
          list.length > 0 && channel ? (
            <Select<number>
              aria-label="Canal"
              data-testid="bot-channel"
              className="bot-channel-select"
              value={channel.id}
              options={list.map((candidate) => ({ value: candidate.id, label: channelLabel(candidate) }))}
              onChange={(id) => go({ channel: id })}
            />
          ) : null
        }
      />
      {!channels.data && channels.loading ? (
        <Skeleton active />
      ) : !channel ? (
        <Empty description="Tu empresa aún no tiene canales. Conecta uno en Canales para configurar el bot." />
      ) : (
        <Card>
          <Tabs
            activeKey={tab}
            onChange={(key) => go({ tab: key })}
            destroyOnHidden
            items={TABS.map(({ key, label, render }) => ({
              key,
              label,
              // Keyed by channel: switching channels starts each form from that channel's data.
              children: <div key={channel.id}>{render({ channel, canWrite })}</div>,
            }))}
          />
        </Card>
      )}
    </div>
  );
}
