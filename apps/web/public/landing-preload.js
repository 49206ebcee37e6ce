// Issue 22: opened on the inbox with a session, the browser starts downloading the signed-in shell's and the inbox's
// chunks beside the start chunk instead of once the start chunk has run (about 0.6 s later on a 4 Mbps link). The
// build writes their hashed paths into this script's data-chunks (vite.config.ts, landingPreload); /login and the
// other public pages, and visits without a token, load nothing more. A plain file, not a module of the bundle: it
// must not wait for the start chunk.
{
  const script = document.querySelector('script[data-chunks]');
  const path = window.location.pathname;
  const inbox = path === '/chat' || path.startsWith('/chat/');
  if (script && inbox && localStorage.getItem('token')) {
    for (const href of script.dataset.chunks.split(' ')) {
      const link = document.createElement('link');
      link.rel = href.endsWith('.css') ? 'preload' : 'modulepreload';
      if (href.endsWith('.css')) link.as = 'style';
      // As Vite's own tags (crossorigin): a request made in another mode would not be reused.
      link.crossOrigin = '';
      link.href = href;
      document.head.append(link);
    }
  }
}
