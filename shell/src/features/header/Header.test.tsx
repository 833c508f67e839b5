import { useAuthStore } from '@cinema/auth';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { Header } from './Header';

/** An unsigned access token; the header only decodes it. */
function tokenFor(claims: Record<string, unknown>) {
  const encode = (value: object) => btoa(JSON.stringify(value)).replace(/=+$/, '');
  return `${encode({ alg: 'HS256' })}.${encode({ exp: Math.floor(Date.now() / 1000) + 900, ...claims })}.sig`;
}

function logIn(role: string, username = 'asha') {
  useAuthStore.getState().login({
    access: tokenFor({ sub: '7', role }),
    refresh: 'refresh-token',
    user: { id: 7, username, email: `${username}@example.com`, role },
  });
}

function renderHeader() {
  render(
    <MemoryRouter>
      <Header />
    </MemoryRouter>,
  );
  return within(screen.getByRole('navigation', { name: 'Main' }));
}

const linkNames = (nav: ReturnType<typeof renderHeader>) =>
  nav.getAllByRole('link').map((link) => link.textContent);

describe('Header', () => {
  beforeEach(() => useAuthStore.getState().logout());

  it('offers Login and Signup to a visitor', () => {
    const nav = renderHeader();
    expect(linkNames(nav)).toEqual(['Login', 'Signup']);
    expect(nav.getByRole('link', { name: 'Signup' })).toHaveAttribute('href', '/auth/signup');
  });

  it.each([
    ['user', ['Dashboard', 'Theaters', 'Movies', 'Shows', 'My Tickets']],
    ['owner', ['Dashboard', 'Theaters', 'Movies', 'Shows', 'Check-in', 'Door staff']],
    ['door', ['Check-in']],
    ['admin', ['Admin Panel', 'Users', 'Owners', 'Reports']],
  ])('shows the %s links, logout and the username', (role, links) => {
    logIn(role);
    const nav = renderHeader();
    expect(linkNames(nav)).toEqual([...links, 'Logout', 'asha']);
    expect(nav.getByRole('link', { name: 'asha' })).toHaveAttribute('href', '/auth/profile');
    expect(nav.getByRole('link', { name: 'Logout' })).toHaveAttribute('href', '/auth/logout');
  });

  it('links Reports to /reports and Admin Panel to /admin/adminpanel', () => {
    logIn('admin');
    const nav = renderHeader();
    expect(nav.getByRole('link', { name: 'Reports' })).toHaveAttribute('href', '/reports');
    expect(nav.getByRole('link', { name: 'Admin Panel' })).toHaveAttribute(
      'href',
      '/admin/adminpanel',
    );
  });

  it('opens and closes the phone menu', async () => {
    renderHeader();
    const toggle = screen.getByRole('button', { name: 'Menu' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(toggle);
    expect(screen.getByRole('button', { name: 'Close menu', expanded: true })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Main' })).toHaveAttribute('data-open', 'true');
    await userEvent.click(screen.getByRole('link', { name: 'Login' }));
    expect(screen.getByRole('navigation', { name: 'Main' })).toHaveAttribute('data-open', 'false');
  });

  it('has one button to close the open menu: no invisible backdrop button in the Tab order', async () => {
    renderHeader();
    await userEvent.click(screen.getByRole('button', { name: 'Menu' }));
    expect(screen.getAllByRole('button')).toHaveLength(1);
  });

  it('closes the open menu on Escape and gives the focus back to the Menu button', async () => {
    const user = userEvent.setup();
    renderHeader();
    await user.click(screen.getByRole('button', { name: 'Menu' }));
    await user.tab();
    expect(screen.getByRole('link', { name: 'Login' })).toHaveFocus();
    await user.keyboard('{Escape}');
    const toggle = screen.getByRole('button', { name: 'Menu', expanded: false });
    expect(toggle).toHaveFocus();
    expect(screen.getByRole('navigation', { name: 'Main' })).toHaveAttribute('data-open', 'false');
  });

  it('keeps Tab and Shift+Tab inside the open menu and its button', async () => {
    const user = userEvent.setup();
    renderHeader();
    const toggle = screen.getByRole('button', { name: 'Menu' });
    await user.click(toggle);
    await user.tab();
    await user.tab();
    expect(screen.getByRole('link', { name: 'Signup' })).toHaveFocus();
    await user.tab();
    expect(toggle).toHaveFocus();
    await user.tab({ shift: true });
    expect(screen.getByRole('link', { name: 'Signup' })).toHaveFocus();
  });
});
