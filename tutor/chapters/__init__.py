"""Per-chapter content that is more than a few notebook lines: exercise sets built on the engines."""
