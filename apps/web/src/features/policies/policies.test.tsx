// Policy screens: the index linking each kind to its screen, Markdown bodies rendered without raw HTML,
// the not-yet-published state, the distributor's editor with its preview (edit permission only) and
// the history of versions.
import { screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { fail, mockApi, ok, renderApp, signInData } from '../../test/render-app';

const AT = '2026-02-01T10:00:00.000Z';
const grant = (edit: boolean) => ({ module: 'Policies', view: true, add: false, edit, delete: false });

describe('policies', () => {
  // The policy screens' chunk (with the Markdown renderer) is loaded once up front, so the first test
  // does not spend its find timeout on the transform.
  beforeAll(async () => {
    await Promise.all([import('./policy-page'), import('./policies-page'), import('./policy-editor')]);
  });

  it('lists the policies with links to their screens, and shows a body as Markdown paragraphs', async () => {
    mockApi({
      'GET /retailer/policies': ok({
        policies: [
          { kind: 'terms', title: 'Terms and Conditions', updatedAt: AT, published: true },
          { kind: 'license', title: 'Licenses and Permits', updatedAt: AT, published: true },
          { kind: 'software-license', title: 'Software License', updatedAt: AT, published: true },
        ],
      }),
      'GET /retailer/policies/terms': ok({
        kind: 'terms',
        title: 'Terms and Conditions',
        body: 'First <b>bold?</b> para.\n\nSecond\nline.',
        updatedAt: AT,
        version: 2,
      }),
    });
    const { user, router } = renderApp('/retailer/policies', { signedInAs: signInData('retailer') });
    const nav = await screen.findByRole('navigation', { name: 'Policies' });
    expect(within(nav).getByRole('link', { name: /Licenses and Permits/ })).toHaveAttribute('href', '/retailer/licence');
    expect(within(nav).getByRole('link', { name: /Software License/ })).toHaveAttribute(
      'href',
      '/retailer/policies?kind=software-license',
    );
    await user.click(within(nav).getByRole('link', { name: /Terms and Conditions/ }));
    expect(router.state.location.pathname).toBe('/retailer/terms-and-conditions');

    const article = await screen.findByRole('article', { name: 'Terms and Conditions' });
    const paragraphs = within(article).getAllByText(/./, { selector: 'p' });
    expect(paragraphs.map((p) => p.textContent)).toEqual(['First bold? para.', 'Second\nline.']);
    expect(article.querySelector('b')).toBeNull();
    expect(screen.getByText('Last updated Feb 1, 2026')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
  });

  it('says when a policy is not published yet', async () => {
    mockApi({ 'GET /retailer/policies/disclaimer': fail(404, 'This policy has not been published yet', 'NOT_FOUND') });
    renderApp('/retailer/disclaimer', { signedInAs: signInData('retailer') });
    expect(await screen.findByRole('heading', { name: 'Disclaimer' })).toBeInTheDocument();
    expect(await screen.findByText('This policy has not been published yet')).toBeInTheDocument();
  });

  it('lets a distributor with edit permission write and edit a policy', async () => {
    let saved: { title: string; body: string } | null = null;
    const { calls } = mockApi({
      'GET /admin/policies/return': () =>
        saved
          ? ok({ kind: 'return', ...saved, updatedAt: AT, version: 1 })
          : fail(404, 'This policy has not been published yet', 'NOT_FOUND'),
      'PUT /admin/policies/return': (body) => {
        saved = body as { title: string; body: string };
        return ok({ kind: 'return', ...saved, updatedAt: AT, version: 1 }, 'Policy saved successfully');
      },
    });
    const { user } = renderApp('/admin/return-policy', {
      signedInAs: signInData('distributor', { rolesPermission: [grant(true)] }),
    });
    await user.click(await screen.findByRole('button', { name: 'Write it' }));
    const form = screen.getByRole('form', { name: 'Edit policy' });
    expect(within(form).getByLabelText('Title')).toHaveValue('Return Policy');
    await user.clear(within(form).getByLabelText('Title'));
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText('Title is required')).toBeInTheDocument();
    expect(within(form).getByText('Text is required')).toBeInTheDocument();

    await user.type(within(form).getByLabelText('Title'), 'Returns');
    await user.type(within(form).getByLabelText('Text (Markdown)'), '## Damaged goods{Enter}{Enter}Call us within **48 hours**.');
    // The preview renders the Markdown as readers will see it.
    await user.click(within(form).getByRole('tab', { name: 'Preview' }));
    const preview = within(form).getByLabelText('Preview');
    expect(within(preview).getByRole('heading', { name: 'Damaged goods' })).toBeInTheDocument();
    expect(preview.querySelector('strong')?.textContent).toBe('48 hours');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Policy saved successfully')).toBeInTheDocument();
    expect(calls.find((c) => c.key === 'PUT /admin/policies/return')!.body).toEqual({
      title: 'Returns',
      body: '## Damaged goods\n\nCall us within **48 hours**.',
    });
    const article = await screen.findByRole('article', { name: 'Returns' });
    expect(within(article).getByRole('heading', { name: 'Damaged goods' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Edit' })).toBeInTheDocument();
    expect(screen.getByText('Last updated Feb 1, 2026 · version 1')).toBeInTheDocument();
  });

  it('shows no editor to a distributor user without edit permission', async () => {
    mockApi({
      'GET /admin/policies/terms': ok({ kind: 'terms', title: 'Terms and Conditions', body: 'Text.', updatedAt: AT, version: 2 }),
      'GET /admin/policies/terms/versions': ok({
        kind: 'terms',
        versions: [
          {
            version: 2,
            title: 'Terms and Conditions',
            body: 'Text.',
            createdAt: AT,
            createdBy: { id: 'u1', name: 'Olive Owner' },
          },
          { version: 1, title: 'Terms', body: 'Old *text*.', createdAt: '2026-01-05T10:00:00.000Z', createdBy: null },
        ],
      }),
    });
    const { user } = renderApp('/admin/terms-and-conditions', {
      signedInAs: signInData('distributor', { rolesPermission: [grant(false)] }),
    });
    expect(await screen.findByRole('article', { name: 'Terms and Conditions' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();

    // The history lists every version with who saved it; one opens rendered.
    await user.click(screen.getByRole('button', { name: 'History' }));
    const versions = await screen.findByRole('list', { name: 'Versions' });
    expect(within(versions).getByText('Version 2 (current)')).toBeInTheDocument();
    expect(within(versions).getByText('Feb 1, 2026 · Olive Owner')).toBeInTheDocument();
    await user.click(within(versions).getByText('Version 1'));
    expect(await screen.findByText('Saved Jan 5, 2026 by before versions were kept')).toBeInTheDocument();
    expect(screen.getByText('text').tagName).toBe('EM');
  });

  it('reads the public pages without sign-in', async () => {
    const { calls } = mockApi({
      'GET /public/policies/software-license': ok({
        kind: 'software-license',
        title: 'Software License',
        body: 'Licensed, not sold.',
        updatedAt: AT,
        version: 1,
      }),
    });
    renderApp('/software-license');
    expect(await screen.findByText('Licensed, not sold.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Software License' })).toBeInTheDocument();
    expect(calls[0]!.headers.get('authorization')).toBeNull();
  });
});
