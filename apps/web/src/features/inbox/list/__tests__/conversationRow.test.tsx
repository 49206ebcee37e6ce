import type { ConversationView } from '@crm/shared';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { contrastRatio, MIN_TEXT_CONTRAST, tagBackground } from '../../../../lib/contrast';
import { ConversationRow } from '../components/ConversationRow';
import { LAST_WEEK, LIST_NOW, makeConversation, YESTERDAY } from '../testConversation';

function renderRow(
  overrides: Partial<ConversationView> = {},
  { selected = false, canSeePhoneNumber = true } = {},
) {
  const conversation = makeConversation(overrides);
  render(
    <MemoryRouter>
      <ConversationRow
        conversation={conversation}
        selected={selected}
        now={LIST_NOW}
        canSeePhoneNumber={canSeePhoneNumber}
      />
    </MemoryRouter>,
  );
  return screen.getByTestId('conversation-row');
}

describe('conversation row', () => {
  it('links to the conversation and shows its name, channel, last message and time of today', () => {
    const row = renderRow({ id: 42, name: 'María García', lastMessage: '¿Me lo apartan para mañana?' });
    expect(row.getAttribute('href')).toBe('/chat/42');
    expect(row.getAttribute('data-client-id')).toBe('42');
    expect(within(row).getByTestId('conversation-name').textContent).toBe('María García');
    expect(within(row).getByRole('img', { name: 'WhatsApp de prueba: Canal de prueba' })).toBeDefined();
    expect(within(row).getByTestId('conversation-last-message').textContent).toBe(
      '¿Me lo apartan para mañana?',
    );
    expect(within(row).getByTestId('conversation-time').textContent).toBe('09:05');
    expect(within(row).getByText('MG')).toBeDefined();
  });

  it("writes yesterday as 'Ayer'", () => {
    expect(within(renderRow({ lastUpdate: YESTERDAY })).getByTestId('conversation-time').textContent).toBe(
      'Ayer',
    );
  });

  it('writes an older day as DD/MMM in Spanish', () => {
    expect(within(renderRow({ lastUpdate: LAST_WEEK })).getByTestId('conversation-time').textContent).toBe(
      '08/ene',
    );
  });

  it('shows the delivery status of our last message, and none for the client’s', () => {
    const ours = renderRow({
      lastMessageSender: 'AGENT',
      lastMessageStatus: 'viewed',
      lastMessage: 'Con gusto',
    });
    expect(within(ours).getByTestId('message-status-viewed').getAttribute('aria-label')).toBe('Visto');
  });

  it('shows no status icon on a message from the client', () => {
    const theirs = renderRow({ lastMessageSender: 'CLIENT', lastMessageStatus: null });
    expect(theirs.querySelector('[data-testid^="message-status"]')).toBeNull();
  });

  it('counts unread messages, and shows none when all are read', () => {
    const row = renderRow({ unreadMessages: 3 });
    expect(within(row).getByTestId('conversation-unread').textContent).toContain('3');
    expect(row.className).toContain('conv-row-unread');
  });

  it('shows no unread badge when everything is read', () => {
    expect(within(renderRow({ unreadMessages: 0 })).queryByTestId('conversation-unread')).toBeNull();
  });

  it('shows two tags in their colours and counts the rest', () => {
    const row = renderRow({
      tags: [
        { id: 1, name: 'VIP', color: '#faad14' },
        { id: 2, name: 'Interesado', color: '#52c41a' },
        { id: 3, name: 'Reasignada', color: '#8c8c8c' },
      ],
    });
    const tags = within(row).getAllByTestId('conversation-tag');
    expect(tags.map((tag) => tag.textContent)).toEqual(['VIP', 'Interesado']);
    // The tag's own colour frames it; its text is the same hue darkened to read at 4.5:1 (issue 22: yellow text on a
    // pale yellow was 1.8:1).
    expect(tags[0]?.style.borderColor).toBe('rgb(250, 173, 20)');
    expect(tags[0]?.style.color).toBe('rgb(148, 98, 0)');
    expect(contrastRatio('#946200', tagBackground('#faad14'))).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
    expect(within(row).getByText('+1').getAttribute('title')).toBe('VIP, Interesado, Reasignada');
  });

  it('names the agent, or says it is unassigned', () => {
    const row = renderRow({ agentId: 5, agent: { id: 5, name: 'Ana Agente', imageUrl: null } });
    expect(within(row).getByTestId('conversation-agent').textContent).toBe('Ana Agente');
  });

  it("says 'Sin asignar' without an agent", () => {
    expect(within(renderRow()).getByTestId('conversation-agent').textContent).toBe('Sin asignar');
  });

  it.each([
    [0.2, 'high', 'Prioridad alta'],
    [0.5, 'medium', 'Prioridad media'],
    [0.9, 'low', 'Prioridad baja'],
  ])('puts priority %s in the %s bucket', (priority, bucket, label) => {
    const row = renderRow({ priority });
    const mark = within(row).getByTestId('conversation-priority');
    expect(mark.getAttribute('data-priority')).toBe(bucket);
    expect(mark.getAttribute('aria-label')).toBe(label);
  });

  it('marks a scheduled follow-up and a valuable conversation', () => {
    const row = renderRow({ hasFollowUpMessage: true, isConversationValuable: true });
    expect(within(row).getByRole('img', { name: 'Seguimiento programado' })).toBeDefined();
    expect(within(row).getByRole('img', { name: 'Conversación valiosa' })).toBeDefined();
  });

  it('shows neither mark on an ordinary conversation', () => {
    const row = renderRow();
    expect(within(row).queryByTestId('conversation-follow-up')).toBeNull();
    expect(within(row).queryByTestId('conversation-valuable')).toBeNull();
  });

  it('shows the phone of a contact without a name only to who may see phones', () => {
    const row = renderRow({ name: null, nameFromChannel: null, senderId: '5215533334444' });
    expect(within(row).getByTestId('conversation-name').textContent).toBe('+525533334444');
  });

  it('hides the phone of a contact without a name from who may not see phones', () => {
    const row = renderRow({ name: null, nameFromChannel: null }, { canSeePhoneNumber: false });
    expect(within(row).getByTestId('conversation-name').textContent).toBe('Contacto sin nombre');
  });

  it.each([
    ['whatsapp_cloud', 'WhatsApp'],
    ['messenger', 'Messenger'],
    ['sms', 'SMS'],
    ['sandbox', 'WhatsApp de prueba'],
  ])('shows the %s channel as %s', (platform, label) => {
    const row = renderRow({ channel: { id: 1, name: 'Ventas', platform, phone: null } });
    expect(within(row).getByRole('img', { name: `${label}: Ventas` })).toBeDefined();
  });

  it('marks the open conversation as the current page', () => {
    expect(renderRow({}, { selected: true }).getAttribute('aria-current')).toBe('page');
  });
});
