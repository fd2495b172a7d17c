import {
  createContext,
  useContext,
  useId,
  useState,
  type ComponentProps,
  type ReactNode,
} from 'react';
import { cn } from '../../lib/cn';
import { ChevronDownIcon } from './icons';

/*
 * A single-open accordion (WAI-ARIA accordion pattern): at most one item open; activating the
 * open item closes it. Written here rather than taken from Radix because the landing page's
 * FAQ uses it and Radix's version costs several KB of the page's JavaScript budget.
 */

type AccordionContextValue = {
  openValue: string | null;
  toggle: (value: string) => void;
};

const AccordionContext = createContext<AccordionContextValue | null>(null);
const ItemContext = createContext<{ value: string; triggerId: string; panelId: string } | null>(
  null,
);

function useAccordion() {
  const context = useContext(AccordionContext);
  if (!context) throw new Error('Accordion parts must be inside <Accordion>');
  return context;
}

function useItem() {
  const context = useContext(ItemContext);
  if (!context) throw new Error('AccordionTrigger/Content must be inside <AccordionItem>');
  return context;
}

export function Accordion({
  defaultValue = null,
  className,
  children,
}: {
  defaultValue?: string | null;
  className?: string;
  children: ReactNode;
}) {
  const [openValue, setOpenValue] = useState<string | null>(defaultValue);
  const toggle = (value: string) => setOpenValue((current) => (current === value ? null : value));
  return (
    <AccordionContext.Provider value={{ openValue, toggle }}>
      <div className={className}>{children}</div>
    </AccordionContext.Provider>
  );
}

export function AccordionItem({
  value,
  className,
  ...props
}: ComponentProps<'div'> & { value: string }) {
  const id = useId();
  const { openValue } = useAccordion();
  return (
    <ItemContext.Provider value={{ value, triggerId: `${id}-trigger`, panelId: `${id}-panel` }}>
      <div
        data-state={openValue === value ? 'open' : 'closed'}
        className={cn('border-b', className)}
        {...props}
      />
    </ItemContext.Provider>
  );
}

export function AccordionTrigger({
  className,
  children,
  headingLevel = 3,
}: {
  className?: string;
  children: ReactNode;
  headingLevel?: 2 | 3 | 4;
}) {
  const { openValue, toggle } = useAccordion();
  const { value, triggerId, panelId } = useItem();
  const open = openValue === value;
  const Heading = `h${headingLevel}` as const;
  return (
    <Heading className="flex">
      <button
        type="button"
        id={triggerId}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => toggle(value)}
        className={cn(
          'flex flex-1 cursor-pointer items-center justify-between gap-4 rounded-sm py-4 text-left font-medium transition-colors hover:text-primary focus-ring',
          className,
        )}
      >
        {children}
        <ChevronDownIcon
          className={cn(
            'size-4 text-muted-foreground transition-transform duration-200',
            open && 'rotate-180',
          )}
        />
      </button>
    </Heading>
  );
}

export function AccordionContent({
  className,
  children,
}: {
  className?: string;
  children: ReactNode;
}) {
  const { openValue } = useAccordion();
  const { value, triggerId, panelId } = useItem();
  return (
    <div
      id={panelId}
      role="region"
      aria-labelledby={triggerId}
      hidden={openValue !== value}
      className={cn('pb-4 text-sm text-muted-foreground', className)}
    >
      {children}
    </div>
  );
}
