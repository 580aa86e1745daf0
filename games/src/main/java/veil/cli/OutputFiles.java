package veil.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.DirectoryNotEmptyException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.NotDirectoryException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Collection;
import java.util.List;

/**
 * The one guard every file a command writes passes through ({@code simulate --json}, {@code export-gdl -o},
 * {@code reference -o}): before any work starts it refuses to overwrite an existing file without {@code --force},
 * refuses ever to write over a file the command reads (the game), and checks that the file can be written (its
 * folder exists and is writable, it is not a folder or a device); when writing fails after all it names the
 * operating system's reason. A file is written to a temporary file next to it and then moved into place, so a failed
 * write never leaves half a file where a good one was.
 *
 * <p>{@code arena --json} has its own checks, with {@code --resume}; it could call {@link #check} for the
 * overwrite, folder and writability tests (its file is appended game by game, so not {@link #write}).
 */
final class OutputFiles {
  private OutputFiles() {}

  /** A file that may not be written; the message says why and what to do, without "error: ". */
  static final class Refused extends Exception {
    Refused(String message) {
      super(message, null, false, false);
    }
  }

  /**
   * Checks that {@code out} (given as {@code option}, e.g. {@code --json}) may be written: a usage error when it
   * exists and {@code force} is not set, when it is one of {@code inputs} (files the command reads; names that are
   * not files are ignored), or when it cannot be written.
   */
  static void check(Path out, String option, boolean force, Collection<String> inputs) throws Refused {
    Path file;
    try {
      file = out.toAbsolutePath().normalize();
    } catch (InvalidPathException | java.io.IOError e) {
      throw new Refused("cannot write " + out + ": not a valid file name");
    }
    for (String in : inputs) {
      if (in != null && same(file, in)) {
        throw new Refused(option + " " + out + " is a file this command reads; write to another file");
      }
    }
    if (Files.isDirectory(file)) {
      throw new Refused(option + " " + out + " is a folder; give a file name");
    }
    if (Files.exists(file, LinkOption.NOFOLLOW_LINKS) || Files.exists(file)) {
      if (!Files.isRegularFile(file)) {
        throw new Refused(option + " " + out + " is not a regular file (a device, a pipe or a socket);"
            + " give a file name");
      }
      if (!force) {
        throw new Refused(out + " exists; add --force to overwrite it, or give another file name");
      }
      if (!Files.isWritable(file)) {
        throw new Refused("cannot write " + out + ": permission denied");
      }
    }
    Path folder = file.getParent();
    if (folder == null || !Files.isDirectory(folder)) {
      throw new Refused("cannot write " + out + ": the folder " + (folder == null ? "/" : folder)
          + " does not exist");
    }
    if (!Files.isWritable(folder)) {
      throw new Refused("cannot write " + out + ": the folder " + folder + " is not writable (permission denied)");
    }
  }

  /** Whether a path the command reads (as typed; may be a bundled game's name) is the same file as {@code file}. */
  private static boolean same(Path file, String input) {
    Path in;
    try {
      in = Path.of(input).toAbsolutePath().normalize();
    } catch (InvalidPathException e) {
      return false;
    }
    if (in.equals(file)) {
      return true;
    }
    try {
      return Files.exists(in) && Files.exists(file) && Files.isSameFile(in, file);
    } catch (IOException e) {
      return false;
    }
  }

  /**
   * {@link #check(Path, String, boolean, Collection)} for a command that prints its own errors: 0 when {@code out}
   * may be written, else the usage exit code after printing why.
   */
  static int check(Path out, String option, boolean force, List<Path> inputs, PrintWriter err) {
    List<String> in = new java.util.ArrayList<>();
    for (Path p : inputs) {
      in.add(p.toString());
    }
    try {
      check(out, option, force, in);
      return 0;
    } catch (Refused r) {
      err.println("error: " + r.getMessage());
      err.flush();
      return picocli.CommandLine.ExitCode.USAGE;
    }
  }

  /** Writes {@code text} (UTF-8) to {@code out} through a temporary file in its folder; false after printing why. */
  static boolean write(Path out, String text, PrintWriter err) {
    Path file = out.toAbsolutePath();
    Path tmp = null;
    try {
      tmp = Files.createTempFile(file.getParent(), "." + file.getFileName() + ".", ".tmp");
      Files.writeString(tmp, text, StandardCharsets.UTF_8);
      try {
        Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
      } catch (AtomicMoveNotSupportedException e) {
        Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING);
      }
      return true;
    } catch (IOException | SecurityException e) {
      err.println("error: cannot write " + out + ": " + reason(e));
      err.flush();
      return false;
    } finally {
      if (tmp != null) {
        try {
          Files.deleteIfExists(tmp);
        } catch (IOException e) {
          // nothing more to do: the reason for the failure is already printed
        }
      }
    }
  }

  /** The operating system's reason for a failed file operation, in words (not just the file's name again). */
  static String reason(Exception e) {
    if (e instanceof NoSuchFileException) {
      return "no such file or folder";
    }
    if (e instanceof AccessDeniedException) {
      return "permission denied";
    }
    if (e instanceof FileAlreadyExistsException) {
      return "a file of that name already exists";
    }
    if (e instanceof NotDirectoryException) {
      return "a part of the path is not a folder";
    }
    if (e instanceof DirectoryNotEmptyException) {
      return "it is a folder that is not empty";
    }
    if (e instanceof FileSystemException fse && fse.getReason() != null) {
      return fse.getReason();
    }
    if (e instanceof SecurityException) {
      return "not allowed (" + e.getMessage() + ")";
    }
    String m = e.getMessage();
    return m == null || m.isBlank() ? e.getClass().getSimpleName() : m;
  }
}
