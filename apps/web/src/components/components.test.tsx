import { ThemeProvider, createTheme } from '@mui/material/styles';
import { render, screen, fireEvent } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { AppErrorFallback, ErrorBoundary, isSwallowedError } from './error-boundary';
import { FilePickerField } from './file-picker-field';
import { StatusSwitch } from './status-switch';

const MB = 1024 * 1024;
function fileOf(name: string, type: string, size: number): File {
  const file = new File(['x'], name, { type });
  Object.defineProperty(file, 'size', { value: size });
  return file;
}

function Picker({ onChange }: { onChange: (f: File | null) => void }) {
  const [file, setFile] = useState<File | null>(null);
  return (
    <FilePickerField
      label="Banner"
      value={file}
      onChange={(f) => {
        setFile(f);
        onChange(f);
      }}
    />
  );
}

describe('file picker field', () => {
  it('refuses an image over 5 MB with the spec message and reports an empty selection', () => {
    const onChange = vi.fn();
    render(<Picker onChange={onChange} />);
    const input = screen.getByTestId('file-input') as HTMLInputElement;
    fireEvent.change(input, { target: { files: [fileOf('big.png', 'image/png', 5 * MB + 1)] } });
    expect(screen.getByText('File size must be 5MB or less')).toBeInTheDocument();
    expect(onChange).toHaveBeenLastCalledWith(null);
    expect(screen.getByText('No file chosen')).toBeInTheDocument();
  });

  it('accepts a 20 MB video and a 10 MB document, refuses an 11 MB document', () => {
    const onChange = vi.fn();
    render(<Picker onChange={onChange} />);
    const input = screen.getByTestId('file-input');
    fireEvent.change(input, { target: { files: [fileOf('clip.mp4', 'video/mp4', 20 * MB)] } });
    expect(onChange).toHaveBeenLastCalledWith(expect.objectContaining({ name: 'clip.mp4' }));
    fireEvent.change(input, { target: { files: [fileOf('list.pdf', 'application/pdf', 10 * MB)] } });
    expect(screen.getByText('list.pdf')).toBeInTheDocument();
    fireEvent.change(input, { target: { files: [fileOf('huge.pdf', 'application/pdf', 11 * MB)] } });
    expect(screen.getByText('File size must be 10MB or less')).toBeInTheDocument();
    expect(onChange).toHaveBeenLastCalledWith(null);
  });

  it('opens the File Preview dialog for the chosen file', async () => {
    const user = userEvent.setup();
    render(<Picker onChange={() => undefined} />);
    fireEvent.change(screen.getByTestId('file-input'), { target: { files: [fileOf('terms.pdf', 'application/pdf', 2048)] } });
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    expect(await screen.findByRole('dialog', { name: 'File Preview' })).toHaveTextContent('terms.pdf · 2.0 KB');
  });
});

describe('status switch', () => {
  it('shows Active or Inactive', async () => {
    const user = userEvent.setup();
    function Harness() {
      const [on, setOn] = useState(true);
      return <StatusSwitch checked={on} onChange={setOn} />;
    }
    render(<Harness />);
    expect(screen.getByText('Active')).toBeInTheDocument();
    await user.click(screen.getByRole('switch'));
    expect(screen.getByText('Inactive')).toBeInTheDocument();
  });
});

describe('error boundary', () => {
  function Boom({ message }: { message: string }): never {
    throw new Error(message);
  }

  it('shows the top-level fallback texts', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(
      <ThemeProvider theme={createTheme()}>
        <ErrorBoundary>
          <Boom message="Cannot read properties of undefined" />
        </ErrorBoundary>
      </ThemeProvider>,
    );
    expect(screen.getByText('Something went wrong')).toBeInTheDocument();
    expect(screen.getByText('We encountered an error while loading the application.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeInTheDocument();
    vi.restoreAllMocks();
  });

  it('swallows messaging, service worker, notification and push errors', () => {
    expect(isSwallowedError(new Error('Messaging: This browser does not support the API'))).toBe(true);
    expect(isSwallowedError(new Error('Failed to register a ServiceWorker'))).toBe(true);
    expect(isSwallowedError(new Error('Service worker registration failed'))).toBe(true);
    expect(isSwallowedError(new Error('Notification permission denied'))).toBe(true);
    expect(isSwallowedError('push subscription failed')).toBe(true);
    expect(isSwallowedError(new Error('x is not a function'))).toBe(false);
  });

  it('Try Again calls its handler', async () => {
    const onRetry = vi.fn();
    render(<AppErrorFallback onRetry={onRetry} />);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try Again' }));
    expect(onRetry).toHaveBeenCalledOnce();
  });
});
