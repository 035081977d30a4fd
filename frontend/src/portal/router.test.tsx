import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';

import { BrowserRouter, Link, matchPath, Route, Routes, useLocation, useNavigate, useParams, useSearchParams } from './router.tsx';

afterEach(() => {
  window.history.replaceState(null, '', '/');
});

describe('matchPath', () => {
  it.each([
    ['/', '/', {}],
    ['/', '//', {}],
    ['/client/login', '/client/login', {}],
    ['/client/login', '/client/login/', {}],
    ['/client/login', '/Client/LOGIN', {}],
    ['/client/login', '/client/login/more', null],
    ['/client/login', '/client', null],
    ['/client/login', '/client//login', null],
    ['/client/login', '/', null],
    ['/', '/client', null],
    ['/client/register/:token', '/client/register/tok-123', { token: 'tok-123' }],
    ['/client/register/:token', '/client/register/a%20b/', { token: 'a b' }],
    ['/client/register/:token', '/client/register/%E0%A4%A', { token: '%E0%A4%A' }],
    ['/client/register/:token', '/client/register', null],
    ['/client/register/:token', '/client/register/', null],
    ['*', '/anything/at/all', {}],
  ])('%s against %s', (path, pathname, expected) => {
    expect(matchPath(path, pathname)).toEqual(expected);
  });
});

function Where() {
  const { pathname, search } = useLocation();
  return <p data-testid="where">{`${pathname}${search}`}</p>;
}

function Token() {
  return <h1>Token {useParams().token}</h1>;
}

function Tabs() {
  const [params, setParams] = useSearchParams();
  return (
    <button type="button" onClick={() => setParams({ tab: 'next' }, { replace: true })}>
      Tab {params.get('tab') ?? 'none'}
    </button>
  );
}

function GoTo({ to }: { to: string }) {
  const navigate = useNavigate();
  return (
    <button type="button" onClick={() => navigate(to)}>
      Go {to}
    </button>
  );
}

function renderAt(path: string) {
  window.history.replaceState(null, '', path);
  return render(
    <BrowserRouter>
      <Routes>
        <Route path="*" element={<h1>Not found</h1>} />
        <Route path="/" element={<Link to="/client/login?agency=sunrise">Sign in</Link>} />
        <Route path="/client/login" element={<Link to="/client/login">Again</Link>} />
        <Route path="/client/register/:token" element={<Token />} />
        <Route path="/client/help" element={<Tabs />} />
        <Route path="/client/portal" element={<GoTo to="/client/help" />} />
      </Routes>
      <Where />
    </BrowserRouter>,
  );
}

const where = () => screen.getByTestId('where').textContent;

describe('BrowserRouter', () => {
  it('renders the matching route, the catch-all only when no other matches', () => {
    renderAt('/client/register/tok-9');
    expect(screen.getByRole('heading').textContent).toBe('Token tok-9');
  });

  it('renders the catch-all for an unknown path', () => {
    renderAt('/nowhere');
    expect(screen.getByRole('heading').textContent).toBe('Not found');
  });

  it('follows a link in the page, pushing an entry', async () => {
    renderAt('/');
    const before = window.history.length;
    const link = screen.getByRole('link', { name: 'Sign in' });
    expect(link.getAttribute('href')).toBe('/client/login?agency=sunrise');
    await act(async () => {
      fireEvent.click(link);
    });
    expect(where()).toBe('/client/login?agency=sunrise');
    expect(window.location.pathname + window.location.search).toBe('/client/login?agency=sunrise');
    expect(window.history.length).toBe(before + 1);
  });

  it('replaces the entry for a link to the page already shown', async () => {
    renderAt('/client/login');
    const before = window.history.length;
    await act(async () => {
      fireEvent.click(screen.getByRole('link', { name: 'Again' }));
    });
    expect(where()).toBe('/client/login');
    expect(window.history.length).toBe(before);
  });

  it('leaves a click with a modifier key to the browser', () => {
    renderAt('/');
    let leftToBrowser = false;
    // After the router has seen it: note whether it took the click, then stop jsdom's navigation.
    const afterRouter = (event: Event) => {
      leftToBrowser = !event.defaultPrevented;
      event.preventDefault();
    };
    document.addEventListener('click', afterRouter);
    try {
      fireEvent.click(screen.getByRole('link', { name: 'Sign in' }), { ctrlKey: true });
    } finally {
      document.removeEventListener('click', afterRouter);
    }
    expect(leftToBrowser).toBe(true);
    expect(where()).toBe('/');
  });

  it('navigates with useNavigate and sets the query with useSearchParams, keeping the path', async () => {
    renderAt('/client/portal');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Go /client/help' }));
    });
    expect(screen.getByRole('button').textContent).toBe('Tab none');
    const before = window.history.length;
    await act(async () => {
      fireEvent.click(screen.getByRole('button'));
    });
    expect(where()).toBe('/client/help?tab=next');
    expect(screen.getByRole('button').textContent).toBe('Tab next');
    expect(window.history.length).toBe(before);
  });

  it('follows Back and Forward', async () => {
    renderAt('/client/portal');
    await act(async () => {
      window.history.pushState(null, '', '/client/register/tok-2');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    expect(screen.getByRole('heading').textContent).toBe('Token tok-2');
  });
});
