/** The send job's name and tries, shared by the agent's sends and automation's. */
export const SEND_QUEUE = 'send-message';
export const SEND_MAX_ATTEMPTS = 8;
