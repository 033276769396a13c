// @vitest-environment happy-dom
import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { setupDomTests } from '../testing/setup';
import { Pagination } from './pagination';

setupDomTests();

describe('Pagination (page range 3, margin pages 1)', () => {
  it('shows the first and last pages, three around the current one, and breaks between', () => {
    render(<Pagination page={6} totalPages={12} onChange={vi.fn()} />);
    const nav = screen.getByRole('navigation', { name: 'Pagination' });
    const pages = within(nav)
      .getAllByRole('button')
      .map((b) => b.textContent);
    expect(pages).toEqual(['‹', '1', '5', '6', '7', '12', '›']);
    expect(nav.textContent).toContain('…');
    expect(screen.getByRole('button', { name: 'Page 6' }).getAttribute('aria-current')).toBe('page');
  });

  it('asks for the page chosen, the previous and the next', () => {
    const onChange = vi.fn();
    render(<Pagination page={2} totalPages={4} onChange={onChange} />);
    fireEvent.click(screen.getByRole('button', { name: 'Page 4' }));
    fireEvent.click(screen.getByRole('button', { name: 'Previous page' }));
    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    expect(onChange.mock.calls).toEqual([[4], [1], [3]]);
  });

  it('disables the steps at the ends', () => {
    const { rerender } = render(<Pagination page={1} totalPages={3} onChange={vi.fn()} />);
    expect(screen.getByRole('button', { name: 'Previous page' }).hasAttribute('disabled')).toBe(true);
    expect(screen.getByRole('button', { name: 'Next page' }).hasAttribute('disabled')).toBe(false);
    rerender(<Pagination page={3} totalPages={3} onChange={vi.fn()} />);
    expect(screen.getByRole('button', { name: 'Next page' }).hasAttribute('disabled')).toBe(true);
  });

  it('is absent with a single page', () => {
    render(<Pagination page={1} totalPages={1} onChange={vi.fn()} />);
    expect(screen.queryByRole('navigation')).toBeNull();
  });
});
