import { documentTitle, screenTitleOf } from '@shared/utils/screen-titles';
import { useEffect, useLayoutEffect } from 'react';
import { useLocation } from 'wouter';

/**
 * The document's title follows the address: each screen's own name in the tab, the history and for
 * a screen reader on arrival, not the app's alone (WCAG 2.4.2). A layout effect, so that a screen's
 * own title (`useScreenTitle`, a passive effect of the same commit) comes after it and wins.
 */
export function ScreenTitles() {
  const [pathname] = useLocation();
  useLayoutEffect(() => {
    document.title = documentTitle(screenTitleOf(pathname));
  }, [pathname]);
  return null;
}

/**
 * A screen's own title ('Orders · Taco Libre', a truck's name): null while it is not known, or when
 * it has nothing to add ("(2) Operator Dashboard" with no order waiting), for the address's title.
 * No clean-up: the next screen's address sets the title first.
 */
export function useScreenTitle(title: string | null): void {
  const [pathname] = useLocation();
  useEffect(() => {
    document.title = documentTitle(title ?? screenTitleOf(pathname));
  }, [title, pathname]);
}
