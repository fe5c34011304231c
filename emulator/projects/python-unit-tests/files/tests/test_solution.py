import unittest

from solution import add, is_palindrome


class AddTest(unittest.TestCase):
    def test_small_numbers(self):
        self.assertEqual(add(2, 3), 5)

    def test_negative_numbers(self):
        self.assertEqual(add(-4, 1), -3)


class PalindromeTest(unittest.TestCase):
    def test_simple_word(self):
        self.assertTrue(is_palindrome("level"))

    def test_sentence_with_spaces(self):
        self.assertTrue(is_palindrome("Never odd or even"))
