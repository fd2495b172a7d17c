import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRef } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Button } from './button';
import { Slot } from './slot';

describe('Slot', () => {
  it('renders the child with merged classes, both handlers and both refs', async () => {
    const user = userEvent.setup();
    const slotClick = vi.fn();
    const childClick = vi.fn();
    const slotRef = createRef<HTMLElement>();
    const childRef = createRef<HTMLAnchorElement>();
    render(
      <Slot className="from-slot" onClick={slotClick} ref={slotRef}>
        <a href="/destino" className="from-child" onClick={childClick} ref={childRef}>
          Ir
        </a>
      </Slot>,
    );
    const link = screen.getByRole('link', { name: 'Ir' });
    expect(link).toHaveClass('from-slot', 'from-child');
    expect(link).toHaveAttribute('href', '/destino');
    await user.click(link);
    expect(childClick).toHaveBeenCalledOnce();
    expect(slotClick).toHaveBeenCalledOnce();
    expect(slotRef.current).toBe(link);
    expect(childRef.current).toBe(link);
  });

  it('lets Button render a link with the button look', () => {
    render(
      <Button asChild size="sm">
        <a href="/onboarding">Abrir Conta</a>
      </Button>,
    );
    const link = screen.getByRole('link', { name: 'Abrir Conta' });
    expect(link.className).toContain('h-9');
    expect(screen.queryByRole('button')).toBeNull();
  });
});
