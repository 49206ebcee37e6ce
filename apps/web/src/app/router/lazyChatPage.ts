import { lazyPage } from './lazyPage';

/** The inbox page, on demand; a module of its own so the shell's loader can start it early (LazyRequireAuth). */
export const LazyChatPage = lazyPage(() => import('../../pages/ChatPage').then((m) => m.ChatPage));
