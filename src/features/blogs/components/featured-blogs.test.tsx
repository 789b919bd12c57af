import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { FaqList } from '~/features/blogs/components/faq-list';
import { FeaturedBlogs } from '~/features/blogs/components/featured-blogs';
import { blogTeasers } from '~/features/blogs/data/blog-teasers';

describe('FeaturedBlogs', () => {
  it('shows exactly the four teasers, each cut at 140 characters, with Read More to /blogs', () => {
    render(
      <MemoryRouter>
        <FeaturedBlogs blogs={blogTeasers} />
      </MemoryRouter>,
    );
    const cards = screen.getAllByRole('article');
    expect(cards).toHaveLength(4);
    cards.forEach((card, i) => {
      const teaser = blogTeasers[i]!;
      expect(teaser.description.length).toBeGreaterThan(160);
      const c = within(card);
      expect(c.getByRole('heading', { name: teaser.title })).toBeInTheDocument();
      expect(c.getByText(`${teaser.description.slice(0, 140)}...`)).toBeInTheDocument();
      expect(card).not.toHaveTextContent(teaser.description.slice(0, 141));
      expect(c.getByRole('link', { name: /Read More/ })).toHaveAttribute('href', '/blogs');
    });
  });
});

describe('FaqList', () => {
  it('has three closed accordions that open and close from the keyboard', async () => {
    const user = userEvent.setup();
    render(<FaqList />);
    const groups = document.querySelectorAll('details');
    expect(groups).toHaveLength(3);
    groups.forEach((d) => expect(d.open).toBe(false));

    expect(screen.getByText(/authentication and authorization/)).toBeInTheDocument();
    expect(screen.getByText(/Why do we use Firebase Authentication/)).toBeInTheDocument();
    expect(screen.getByText(/What other services does Firebase offer/)).toBeInTheDocument();

    const first = groups[0]!;
    const summary = first.querySelector('summary')!;
    await user.click(summary);
    expect(first.open).toBe(true);
    expect(within(first).getByText(/Authentication answers "who are you\?"/)).toBeVisible();
    await user.click(summary);
    expect(first.open).toBe(false);
  });
});
