# Implement these functions; tests/test_solution.py checks them.


def add(a, b):
    return a + b


def is_palindrome(text):
    cleaned = [ch.lower() for ch in text if ch.isalnum()]
    return cleaned == cleaned[::-1]


if __name__ == "__main__":
    print(add(2, 3))
    print(is_palindrome("Never odd or even"))
