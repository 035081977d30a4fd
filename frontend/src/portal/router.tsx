/**
 * The public bundle's router: the part of react-router the landing and client pages use, under the
 * same names and with the same behaviour (paths matched case-insensitively, trailing slashes
 * ignored; a Link to the page already shown replaces it; location changes rendered in a
 * transition). react-router sits in a chunk shared with the broker app, so the public pages would
 * load all that react-admin uses of it (30 kB gzipped); this is about 1 kB. `to` is an absolute
 * path or a query alone ('?tab=…').
 */
import {
  type AnchorHTMLAttributes,
  Children,
  createContext,
  isValidElement,
  type MouseEvent,
  type ReactNode,
  startTransition,
  useCallback,
  useContext,
  useLayoutEffect,
  useMemo,
  useState,
} from 'react';

export interface Location {
  pathname: string;
  search: string;
  hash: string;
}

export interface NavigateOptions {
  replace?: boolean;
}

type Navigate = (to: string, options?: NavigateOptions) => void;

const RouterContext = createContext<{ location: Location; navigate: Navigate } | null>(null);
const ParamsContext = createContext<Readonly<Record<string, string | undefined>>>({});

function useRouter() {
  const router = useContext(RouterContext);
  if (!router) throw new Error('A portal route hook or Link is used outside BrowserRouter or MemoryRouter.');
  return router;
}

/** `to` as a location; a query alone keeps the current path. */
function resolve(to: string, from: Location): Location {
  const hashAt = to.indexOf('#');
  const hash = hashAt < 0 ? '' : to.slice(hashAt);
  const rest = hashAt < 0 ? to : to.slice(0, hashAt);
  const searchAt = rest.indexOf('?');
  const search = searchAt < 0 ? '' : rest.slice(searchAt);
  const pathname = searchAt < 0 ? rest : rest.slice(0, searchAt);
  return { pathname: pathname || from.pathname, search: search === '?' ? '' : search, hash: hash === '#' ? '' : hash };
}

function href({ pathname, search, hash }: Location): string {
  return `${pathname}${search}${hash}`;
}

function windowLocation(): Location {
  const { pathname, search, hash } = window.location;
  return { pathname, search, hash };
}

/** The pages' router: the address bar, with Back and Forward. */
export function BrowserRouter({ children }: { children?: ReactNode }) {
  const [location, setLocation] = useState(windowLocation);
  useLayoutEffect(() => {
    const onPop = () => startTransition(() => setLocation(windowLocation()));
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, []);
  const navigate = useCallback<Navigate>((to, options) => {
    const next = resolve(to, windowLocation());
    try {
      if (options?.replace) window.history.replaceState(null, '', href(next));
      else window.history.pushState(null, '', href(next));
    } catch {
      // Safari limits pushState calls: a full page load instead, as react-router does.
      window.location.assign(href(next));
      return;
    }
    startTransition(() => setLocation(next));
  }, []);
  const router = useMemo(() => ({ location, navigate }), [location, navigate]);
  return <RouterContext.Provider value={router}>{children}</RouterContext.Provider>;
}

/** A router that keeps its location in memory, for tests (the last of `initialEntries` is shown). */
export function MemoryRouter({ initialEntries = ['/'], children }: { initialEntries?: string[]; children?: ReactNode }) {
  const [location, setLocation] = useState(() => resolve(initialEntries.at(-1) ?? '/', { pathname: '/', search: '', hash: '' }));
  const navigate = useCallback<Navigate>((to) => startTransition(() => setLocation((from) => resolve(to, from))), []);
  const router = useMemo(() => ({ location, navigate }), [location, navigate]);
  return <RouterContext.Provider value={router}>{children}</RouterContext.Provider>;
}

export interface RouteProps {
  /** '/a/b', '/a/:param', or '*' for any path no other route matches. */
  path: string;
  element: ReactNode;
}

/** One route of <Routes>, which reads its props; it renders nothing itself. */
export function Route(_props: RouteProps): null {
  return null;
}

/** The params of `path` when it matches `pathname`, else null. */
export function matchPath(path: string, pathname: string): Record<string, string> | null {
  if (path === '*') return {};
  const wanted = path.replace(/\/+$/, '').split('/');
  const given = pathname.replace(/\/+$/, '').split('/');
  if (wanted.length !== given.length) return null;
  const params: Record<string, string> = {};
  for (const [index, segment] of wanted.entries()) {
    const value = given[index];
    if (segment.startsWith(':')) {
      if (!value) return null;
      params[segment.slice(1)] = decodeSegment(value);
    } else if (segment.toLowerCase() !== decodeSegment(value).toLowerCase()) {
      return null;
    }
  }
  return params;
}

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** The element of the first <Route> whose path matches, '*' last. */
export function Routes({ children }: { children?: ReactNode }) {
  const { pathname } = useRouter().location;
  const routes = Children.toArray(children)
    .filter((child) => isValidElement<RouteProps>(child) && child.type === Route)
    .map((child) => (child as { props: RouteProps }).props);
  const ordered = [...routes.filter((route) => route.path !== '*'), ...routes.filter((route) => route.path === '*')];
  for (const route of ordered) {
    const params = matchPath(route.path, pathname);
    if (params) return <ParamsContext.Provider value={params}>{route.element}</ParamsContext.Provider>;
  }
  return null;
}

export function useLocation(): Location {
  return useRouter().location;
}

/** Navigates (push, or replace); keeps its identity between renders. */
export function useNavigate(): Navigate {
  return useRouter().navigate;
}

export function useParams(): Readonly<Record<string, string | undefined>> {
  return useContext(ParamsContext);
}

type SearchInit = ConstructorParameters<typeof URLSearchParams>[0];

/** The query of the address, and a setter that navigates to a new one (same path). */
export function useSearchParams(): [URLSearchParams, (next: SearchInit, options?: NavigateOptions) => void] {
  const { location, navigate } = useRouter();
  const params = useMemo(() => new URLSearchParams(location.search), [location.search]);
  const setParams = useCallback(
    (next: SearchInit, options?: NavigateOptions) => navigate(`?${new URLSearchParams(next)}`, options),
    [navigate],
  );
  return [params, setParams];
}

type LinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & { to: string; replace?: boolean };

/** A link that navigates in the page on a plain click; a new tab or window (modifier keys, target) loads it. */
export function Link({ to, replace, onClick, target, ...rest }: LinkProps) {
  const { location, navigate } = useRouter();
  const next = href(resolve(to, location));
  const click = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (event.defaultPrevented || event.button !== 0 || (target && target !== '_self')) return;
    if (event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return;
    event.preventDefault();
    navigate(to, { replace: replace ?? next === href(location) });
  };
  return <a {...rest} href={next} target={target} onClick={click} />;
}
