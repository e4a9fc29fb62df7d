// Before the page paints: the theme this browser chose last, else the system's.
document.documentElement.dataset.theme = localStorage.getItem('seqref-theme') || (matchMedia('(prefers-color-scheme: light)').matches ? 'light' : 'dark');
