import { useQuery } from '@apollo/client/react';
import { sendsTemplates } from '@crm/shared';
import { useEffect, useMemo } from 'react';
import { handleError } from '../../../lib/errors';
import { TEMPLATE_CHANNELS_QUERY, type TemplateChannel } from '../api/templateChannels.graphql';

/** The company's channels whose platform sends WhatsApp templates (the shared platforms table decides). */
export function useTemplateChannels(): { channels: TemplateChannel[]; loading: boolean } {
  const { data, loading, error } = useQuery(TEMPLATE_CHANNELS_QUERY);
  useEffect(() => {
    if (error) handleError(error);
  }, [error]);
  const channels = useMemo(
    () => (data?.channels ?? []).filter((channel) => sendsTemplates(channel.platform)),
    [data],
  );
  return { channels, loading };
}
